-- Payment intents of the demo payment mode (no Stripe keys, embedded demo only). They stand
-- in for Stripe's own PaymentIntents: the Worker keeps nothing in memory between requests,
-- so the intent a demo payment confirms has to live in the database. Nothing is charged.
CREATE TABLE demo_payment_intents (
  id TEXT PRIMARY KEY,
  -- Same role as Stripe's Idempotency-Key: asking twice for one application returns one intent.
  idempotency_key TEXT NOT NULL UNIQUE,
  client_secret TEXT NOT NULL,
  amount_minor INTEGER NOT NULL,
  currency TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'requires_payment_method'
    CHECK (status IN ('requires_payment_method', 'succeeded')),
  -- JSON object, like Stripe's metadata: applicationId, userId, userEmail.
  metadata TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  succeeded_at TEXT
);
