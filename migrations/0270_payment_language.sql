-- The language a gateway payment was started from (issue 48): the person comes back from
-- SSLCommerz (paid, failed or cancelled) to the payment page in that language, not in English.
-- NULL for sessions opened before this, and by a client that did not say: the account's language then.
ALTER TABLE sslcommerz_sessions ADD COLUMN language TEXT CHECK (language IS NULL OR language IN ('en', 'bn'));
