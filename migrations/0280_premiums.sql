-- Premiums after the sale (issue 49, docs/decisions/0108): how often a policy's premium is paid,
-- its schedule of dues, the receipts that pay them (online or collected in the field) and the
-- reminders sent about them.

-- Chosen on the Apply form (every application from now on has one). NULL for a policy sold
-- before premiums were kept: it gets no schedule, rather than months of arrears it was never
-- asked for and a lapse it could not see coming (docs/decisions/0108).
ALTER TABLE applications ADD COLUMN premium_mode TEXT
  CHECK (premium_mode IS NULL OR premium_mode IN ('monthly', 'quarterly', 'half_yearly', 'yearly'));

-- One due per period from the policy's start to its end. Made once per policy, the first time
-- anything reads it (db/premium-dues.ts); ids are `<application id>:<seq>`, so making it twice
-- does nothing. A due is paid by exactly one receipt (receipt_id set once, never cleared).
CREATE TABLE premium_dues (
  id TEXT PRIMARY KEY,
  application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  due_on TEXT NOT NULL,
  amount_minor INTEGER NOT NULL CHECK (amount_minor >= 0),
  paid_at TEXT,
  receipt_id TEXT,
  UNIQUE (application_id, seq)
);
-- The reminder pass and the agent's list look at unpaid dues by day.
CREATE INDEX premium_dues_unpaid_by_day ON premium_dues (due_on) WHERE paid_at IS NULL;

-- One payment of dues: online (a provider's transaction, unique per provider) or cash in the
-- field (the agent's Idempotency-Key, unique per agent). `due_ids` is the JSON list it paid.
CREATE TABLE premium_receipts (
  id TEXT PRIMARY KEY,
  receipt_number TEXT NOT NULL UNIQUE,
  application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  due_ids TEXT NOT NULL,
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  currency TEXT NOT NULL DEFAULT 'bdt',
  -- bkash, nagad, rocket, card, demo, cash
  method TEXT NOT NULL,
  -- stripe, sslcommerz, demo, field
  provider TEXT NOT NULL,
  -- The provider's transaction, or the field agent's Idempotency-Key.
  transaction_id TEXT NOT NULL,
  collected_by TEXT,
  collected_at TEXT,
  paid_at TEXT NOT NULL,
  -- 1 when this payment brought a lapsed policy back in force.
  revived INTEGER NOT NULL DEFAULT 0,
  UNIQUE (provider, transaction_id)
);
CREATE INDEX premium_receipts_application ON premium_receipts (application_id, paid_at);
CREATE INDEX premium_receipts_paid_at ON premium_receipts (paid_at);

-- A reminder sent: once per due and kind, whatever restarts in between.
CREATE TABLE premium_reminders (
  due_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('before', 'on_day', 'mid_grace', 'lapsed')),
  sent_at TEXT NOT NULL,
  PRIMARY KEY (due_id, kind)
);
