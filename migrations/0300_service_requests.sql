-- Issue 51 (docs/decisions/0111-policy-servicing.md): a policyholder asks to change the nominee,
-- the address or phone, how often premiums are paid, or for a duplicate certificate; the
-- policy's assigned agent or an admin approves or refuses it with a reason.
--
-- `changes` is the request's JSON in the application's own field names; `previous` holds the
-- values it replaced, written when it is approved, so the history says what changed from what.
CREATE TABLE service_requests (
  id TEXT PRIMARY KEY,
  application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('nominee', 'contact', 'premium_mode', 'duplicate_certificate')),
  changes TEXT NOT NULL,
  previous TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'refused')),
  reason TEXT,
  decided_by_id TEXT,
  decided_by_email TEXT,
  decided_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX service_requests_of_application ON service_requests (application_id, created_at);
CREATE INDEX service_requests_of_user ON service_requests (user_id, created_at);
CREATE INDEX service_requests_open ON service_requests (created_at) WHERE status = 'pending';

-- A certificate's version: NULL for the first one; the time a change issued the current one.
ALTER TABLE applications ADD COLUMN certificate_version_at TEXT;

-- The verify codes of replaced certificate versions: the old code then answers "replaced", and
-- by which version (the time it was issued).
CREATE TABLE replaced_certificates (
  verify_code TEXT PRIMARY KEY,
  application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  replaced_at TEXT NOT NULL
);

-- Every earlier nominee of a policy and the Dhaka day from which the next one was in force: a
-- claim follows the nominee in force on the day of its event.
CREATE TABLE nominee_history (
  application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  service_request_id TEXT NOT NULL,
  nominee_name TEXT NOT NULL,
  relationship TEXT NOT NULL,
  nominee_nid TEXT,
  replaced_on TEXT NOT NULL,
  PRIMARY KEY (application_id, service_request_id)
);
