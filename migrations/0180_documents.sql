-- Documents and photos on an application (issue 27, docs/decisions/0078). The bytes live in
-- the image store (disk on Node, R2 on the Worker) under the document's id; these rows say
-- whose they are, which application (and which write) they belong to, and how big they are.
CREATE TABLE documents (
  id TEXT PRIMARY KEY,
  application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  -- Who sent it: the owner of the application, or the agent for a decision's evidence.
  owner_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('nid-front', 'nid-back', 'photo', 'other', 'evidence')),
  -- The mutation id of the write it came with (the application or the decision) and the file's
  -- own key on the device: the pair is unique, so a replayed upload never attaches twice.
  write_id TEXT NOT NULL,
  client_key TEXT NOT NULL,
  -- The agent's short note on a decision's evidence, sent with each of its photos.
  note TEXT,
  stored_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  byte_size INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (application_id, write_id, client_key)
);
CREATE INDEX documents_application ON documents (application_id, created_at);
CREATE INDEX documents_owner ON documents (owner_id);

-- A resumable upload (tus 1.0 core + creation): `received` is the offset the server has
-- acknowledged; the bytes so far are parts in the image store. Done when document_id is set,
-- refused when refusal is (kept, so a replay gets the same answer).
CREATE TABLE document_uploads (
  id TEXT PRIMARY KEY,
  application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  owner_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  write_id TEXT NOT NULL,
  client_key TEXT NOT NULL,
  note TEXT,
  length INTEGER NOT NULL,
  received INTEGER NOT NULL DEFAULT 0,
  document_id TEXT,
  refusal_status INTEGER,
  refusal TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (application_id, write_id, client_key)
);
CREATE INDEX document_uploads_owner ON document_uploads (owner_id);
