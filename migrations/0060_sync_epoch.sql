-- The sync clock's epoch: a random name for this database's line of versions. Every sync
-- cursor carries it, so a cursor taken before the database was restored from a backup (whose
-- copy gets a new epoch, see edge-api/src/backup.ts) or on another server is recognised as
-- unknown, and the client is made to start over instead of silently missing changes.
ALTER TABLE sync_clock ADD COLUMN epoch TEXT NOT NULL DEFAULT '';
UPDATE sync_clock SET epoch = lower(hex(randomblob(8))) WHERE id = 1;
