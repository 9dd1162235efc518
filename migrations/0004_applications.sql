CREATE TABLE applications (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_email TEXT NOT NULL COLLATE NOCASE,
  name TEXT NOT NULL,
  address TEXT NOT NULL,
  nid TEXT NOT NULL,
  phone TEXT,
  nominee_name TEXT NOT NULL,
  relationship TEXT NOT NULL,
  health_conditions TEXT NOT NULL DEFAULT '[]',
  estimated_premium REAL,
  policy_id TEXT REFERENCES policies (id) ON DELETE SET NULL,
  policy_name TEXT NOT NULL,
  category TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'assigned', 'approved', 'rejected')),
  payment_status TEXT NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('unpaid', 'paid')),
  assigned_agent TEXT COLLATE NOCASE,
  assigned_at TEXT,
  decided_at TEXT,
  applied_at TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX applications_user_email ON applications (user_email);
CREATE INDEX applications_assigned_agent ON applications (assigned_agent);
CREATE INDEX applications_version ON applications (version);

-- One payment per application: the unique index is what makes confirmation exactly-once.
CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  application_id TEXT NOT NULL UNIQUE REFERENCES applications (id) ON DELETE RESTRICT,
  transaction_id TEXT NOT NULL UNIQUE,
  provider TEXT NOT NULL,
  email TEXT NOT NULL COLLATE NOCASE,
  policy_name TEXT NOT NULL,
  amount_minor INTEGER NOT NULL,
  currency TEXT NOT NULL,
  paid_at TEXT NOT NULL
);
CREATE INDEX payments_paid_at ON payments (paid_at);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  actor_id TEXT,
  actor_email TEXT,
  action TEXT NOT NULL,
  entity TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  from_value TEXT,
  to_value TEXT,
  at TEXT NOT NULL
);
CREATE INDEX audit_log_entity ON audit_log (entity, entity_id);

-- Client-made mutation ids already processed, per user: replays return the first result.
CREATE TABLE processed_mutations (
  user_id TEXT NOT NULL,
  mutation_id TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status_code INTEGER NOT NULL,
  response TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, mutation_id)
);
