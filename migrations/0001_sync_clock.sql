-- One server-wide change counter. Every synced row carries the counter value of its
-- last change (its "version"); clients pull rows whose version is above their cursor.
CREATE TABLE sync_clock (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO sync_clock (id, version) VALUES (1, 0);

-- Deleted synced rows leave a tombstone so that delta pulls can remove them on clients.
-- owner_email / agent_email scope private tombstones (applications) to who may see them.
CREATE TABLE tombstones (
  version INTEGER PRIMARY KEY,
  entity TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  owner_email TEXT,
  agent_email TEXT,
  deleted_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX tombstones_entity ON tombstones (entity, version);
