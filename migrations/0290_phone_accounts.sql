-- Phone-first accounts, one-time codes, password resets and the SMS channel (issue 50,
-- docs/decisions/0110-sms-channel-and-one-time-codes.md).

-- A number is a sign-in and receives SMS only once proven with a code. `phone` stays the
-- profile's number; `phone_verified_at` says it was proven, and is cleared when it changes.
ALTER TABLE users ADD COLUMN phone_verified_at TEXT;
-- The person asked for no SMS about their policies (codes they ask for still come).
ALTER TABLE users ADD COLUMN sms_opt_out INTEGER NOT NULL DEFAULT 0 CHECK (sms_opt_out IN (0, 1));
-- One account per proven number: it is how the account is found at sign-in.
CREATE UNIQUE INDEX users_verified_phone ON users (phone) WHERE phone_verified_at IS NOT NULL;

-- A one-time code sent by SMS: kept as an HMAC of the code, never the code itself. Times in ms.
CREATE TABLE one_time_codes (
  id TEXT PRIMARY KEY,
  phone TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('sign-in', 'reset', 'verify-phone')),
  -- For 'verify-phone': the signed-in account the number is being added to.
  user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX one_time_codes_phone ON one_time_codes (phone, purpose, created_at);

-- A password-reset link sent by email: the SHA-256 of its token only. Times in ms.
CREATE TABLE password_reset_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id);

-- Every SMS the server tried to send, for the daily caps (per number and in total) and for
-- support: never the text (it may hold a code). `day` is the UTC day, YYYY-MM-DD.
CREATE TABLE sms_log (
  id TEXT PRIMARY KEY,
  phone TEXT NOT NULL,
  day TEXT NOT NULL,
  kind TEXT NOT NULL,
  segments INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('sending', 'sent', 'kept', 'failed', 'capped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  detail TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX sms_log_day_phone ON sms_log (day, phone);

-- The embedded demo's outbox: SMS and emails kept instead of sent when no provider is
-- configured, for admins at GET /api/demo/outbox. Never written outside demo mode.
CREATE TABLE demo_outbox (
  id TEXT PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient TEXT NOT NULL,
  subject TEXT,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX demo_outbox_created ON demo_outbox (created_at);
