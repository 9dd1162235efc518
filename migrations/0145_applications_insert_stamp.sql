-- A new application used to be written twice: inserted, then its version stamped by an UPDATE
-- of the row just written (0005), which rewrote the row and its four version indexes again.
-- The app now inserts a new application already carrying the next version
-- (edge-api/src/db/application-writes.ts), so the trigger only moves the clock; any other
-- insert (a seed, an operator's SQL, a stale version) is stamped exactly as before. The
-- stamp runs BEFORE the clock moves, so both compare with the same next version.
DROP TRIGGER applications_stamp_insert;
CREATE TRIGGER applications_stamp_insert AFTER INSERT ON applications
BEGIN
  UPDATE applications SET version = (SELECT version + 1 FROM sync_clock WHERE id = 1)
  WHERE id = NEW.id AND NEW.version IS NOT (SELECT version + 1 FROM sync_clock WHERE id = 1);
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
END;

-- The pending count of the admin statistics reads applications_status_applied_at (0080), whose
-- first column is the status: this narrower index only made every write to applications
-- change one more page.
DROP INDEX applications_status;
