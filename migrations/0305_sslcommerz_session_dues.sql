-- Issue 49: premium dues paid through SSLCommerz (bKash, Nagad, Rocket). A session remembers
-- which dues it pays, as the JSON list of their ids (`["<application id>:003", ...]`), so the
-- IPN and the person's return record exactly those once the validation API confirms the
-- amount; NULL: the session pays the application fee, as before.
ALTER TABLE sslcommerz_sessions ADD COLUMN due_ids TEXT;
