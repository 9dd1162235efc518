-- Sign-in attempts per key ('email:<address>', 'client:<ip>', 'user:<id>' for a signed-in
-- password change). Each attempt is reserved by one conditional upsert BEFORE the password hash,
-- so parallel guesses are all counted. Times are epoch milliseconds. See docs/security.md.
CREATE TABLE sign_in_throttle (
  key TEXT PRIMARY KEY,
  attempts INTEGER NOT NULL,
  last_attempt_at INTEGER NOT NULL,
  next_allowed_at INTEGER NOT NULL DEFAULT 0
);

-- Replaced by sign_in_throttle (it counted failures after the hash and locked the email outright).
DROP TABLE login_throttle;
