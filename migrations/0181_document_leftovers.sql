-- A document row that goes (its application deleted: ON DELETE CASCADE) leaves its bytes in the
-- image store; their names wait here until the housekeeping removes them (documents/leftovers.ts).
CREATE TABLE document_leftovers (
  stored_name TEXT PRIMARY KEY,
  gone_at TEXT NOT NULL
);

CREATE TRIGGER documents_leave_bytes AFTER DELETE ON documents
BEGIN
  INSERT OR IGNORE INTO document_leftovers (stored_name, gone_at) VALUES (old.stored_name, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
