-- The parts of a resumable upload (issue 47, docs/decisions/0101). Each PATCH stores its bytes
-- under a name of its own (upload id, offset, length and a random token), noted here before it
-- is written. `accepted` is set in the same batch that moves the upload's `received` past the
-- part, so the parts that make the document are exactly the accepted ones; any other (a send
-- that lost a race at the same offset, a write cut off by a crash) is an orphan to remove.
-- Parts written before this migration have no row: documents/upload-parts.ts still reads them.
CREATE TABLE document_upload_parts (
  stored_name TEXT PRIMARY KEY,
  upload_id TEXT NOT NULL,
  start_at INTEGER NOT NULL,
  byte_length INTEGER NOT NULL,
  accepted INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX document_upload_parts_upload ON document_upload_parts (upload_id, start_at);
-- One accepted part at most begins at any offset of an upload.
CREATE UNIQUE INDEX document_upload_parts_accepted ON document_upload_parts (upload_id, start_at) WHERE accepted = 1;
CREATE INDEX document_upload_parts_age ON document_upload_parts (created_at);

-- An upload that goes (abandoned, or its application or claim deleted: ON DELETE CASCADE) leaves
-- its parts' bytes to the housekeeping, as a deleted document does (migration 0181).
CREATE TRIGGER document_uploads_leave_parts AFTER DELETE ON document_uploads
BEGIN
  INSERT OR IGNORE INTO document_leftovers (stored_name, gone_at)
    SELECT stored_name, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM document_upload_parts WHERE upload_id = old.id;
  DELETE FROM document_upload_parts WHERE upload_id = old.id;
END;
