-- Issue 29: the contact form stores its message for the admins' support inbox (it no longer
-- only pretends to send). user_id is the sender's account when they were signed in; the
-- account's email at that moment is kept beside the email they typed.
CREATE TABLE support_messages (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  message TEXT NOT NULL,
  user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  account_email TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX support_messages_created ON support_messages (created_at DESC);
