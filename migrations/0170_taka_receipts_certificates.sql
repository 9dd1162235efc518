-- Issue 26: one currency (BDT, in poisha), a receipt for every confirmed payment, a
-- certificate for every policy in force, and SSLCommerz beside Stripe (decision 0077).

-- The payment as its receipt shows it, kept on the application too, so the receipt and the
-- certificate travel with the application in the owner's offline copy (db/sync.ts) without a
-- second synced collection. `payments` stays the ledger; these columns are its copy for reading.
ALTER TABLE applications ADD COLUMN receipt_number TEXT;
ALTER TABLE applications ADD COLUMN paid_amount_minor INTEGER;
ALTER TABLE applications ADD COLUMN paid_currency TEXT;
ALTER TABLE applications ADD COLUMN paid_method TEXT;
ALTER TABLE applications ADD COLUMN paid_provider TEXT;
ALTER TABLE applications ADD COLUMN paid_transaction_id TEXT;
ALTER TABLE applications ADD COLUMN paid_at TEXT;
ALTER TABLE applications ADD COLUMN refunded_at TEXT;
-- The policy's number and the certificate's verification code (128 random bits, hex), given
-- when the application is first paid; the certificate itself exists once it is also approved.
ALTER TABLE applications ADD COLUMN policy_number TEXT;
ALTER TABLE applications ADD COLUMN verify_code TEXT;
CREATE UNIQUE INDEX applications_verify_code ON applications (verify_code) WHERE verify_code IS NOT NULL;

-- How it was paid (bKash, Nagad, card, demo), and the receipt's number, on the ledger too.
ALTER TABLE payments ADD COLUMN method TEXT NOT NULL DEFAULT 'card';
ALTER TABLE payments ADD COLUMN receipt_number TEXT;
CREATE UNIQUE INDEX payments_receipt_number ON payments (receipt_number) WHERE receipt_number IS NOT NULL;

-- The amount was always 5000 of the smallest unit (the spec's 50); the currency is now taka.
UPDATE payments SET currency = 'bdt', method = CASE WHEN provider = 'demo' THEN 'demo' ELSE 'card' END;
UPDATE payments SET receipt_number = 'RC-' || upper(hex(randomblob(5))) WHERE receipt_number IS NULL;

UPDATE applications SET
  receipt_number = (SELECT p.receipt_number FROM payments p WHERE p.application_id = applications.id),
  paid_amount_minor = (SELECT p.amount_minor FROM payments p WHERE p.application_id = applications.id),
  paid_currency = 'bdt',
  paid_method = (SELECT p.method FROM payments p WHERE p.application_id = applications.id),
  paid_provider = (SELECT p.provider FROM payments p WHERE p.application_id = applications.id),
  paid_transaction_id = (SELECT p.transaction_id FROM payments p WHERE p.application_id = applications.id),
  paid_at = (SELECT p.paid_at FROM payments p WHERE p.application_id = applications.id),
  refunded_at = (SELECT p.refunded_at FROM payments p WHERE p.application_id = applications.id),
  policy_number = 'BD-' || upper(hex(randomblob(5))),
  verify_code = lower(hex(randomblob(16)))
WHERE id IN (SELECT application_id FROM payments);

-- An SSLCommerz checkout: our transaction id (tran_id) for one application at one price. The
-- gateway's answers are checked against this row, never against what the browser sends.
CREATE TABLE sslcommerz_sessions (
  tran_id TEXT PRIMARY KEY,
  application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  amount_minor INTEGER NOT NULL,
  currency TEXT NOT NULL,
  method TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'failed', 'cancelled', 'refused')),
  reason TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX sslcommerz_sessions_application ON sslcommerz_sessions (application_id);
