-- A payment of an application that ends rejected is refunded through the provider
-- (payments/refunds.ts): the payment row stays, marked refunded, and no longer counts as income.
ALTER TABLE payments ADD COLUMN refunded_at TEXT;
ALTER TABLE payments ADD COLUMN refund_id TEXT;

-- Refunds of the demo payment mode (nothing was charged, so nothing is given back; recorded
-- so the demo shows the same states as Stripe). One per intent, like Stripe's idempotent refund.
CREATE TABLE demo_refunds (
  id TEXT PRIMARY KEY,
  intent_id TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);
