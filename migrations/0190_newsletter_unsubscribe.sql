-- Issue 29: every newsletter subscription has its own unsubscribe link. Only the SHA-256 of the
-- link's token is kept (a copy of the database cannot unsubscribe anyone); unsubscribed_at marks a
-- used link, so opening it again says so instead of "not valid". Subscriptions made before this
-- migration have no token: no link was ever given for them.
ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_token_hash TEXT;
ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribed_at TEXT;
CREATE UNIQUE INDEX newsletter_subscribers_unsubscribe_token ON newsletter_subscribers (unsubscribe_token_hash);
