-- Issue 28: the inbox, the devices that receive pushes, and the pushes still to deliver
-- (docs/decisions/0076-notification-delivery.md). Named 0150 because the migrator only
-- applies names of four digits and an underscore, and 0040 is taken.

-- One message to one person. Written in the same batch as the change it tells about.
-- `version` comes from the sync clock, so the inbox reaches every device with GET /sync,
-- and a read mark made on one device reaches the others the same way.
CREATE TABLE notifications (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event TEXT NOT NULL,
  entity_id TEXT,
  policy_name TEXT,
  link TEXT NOT NULL,
  created_at TEXT NOT NULL,
  read_at TEXT,
  version INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX notifications_user_newest ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_user_version ON notifications (user_id, version);

CREATE TRIGGER notifications_stamp_insert AFTER INSERT ON notifications
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  UPDATE notifications SET version = (SELECT version FROM sync_clock WHERE id = 1) WHERE id = NEW.id;
END;

CREATE TRIGGER notifications_stamp_update AFTER UPDATE ON notifications
WHEN NEW.version = OLD.version
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  UPDATE notifications SET version = (SELECT version FROM sync_clock WHERE id = 1) WHERE id = NEW.id;
END;

-- A browser's push subscription: one per device (the endpoint is the device's address).
CREATE TABLE push_subscriptions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

-- One push of one notification to one device. pending -> sent | failed (gave up) | gone
-- (the push service said 404/410: the subscription was removed) | dropped (the device
-- signed out or turned notifications off before it went). A pending row is claimed by
-- moving `next_attempt_at` past a lease, so a sender that dies mid-send leaves it to the next.
CREATE TABLE push_deliveries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  notification_id TEXT NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  subscription_id TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'gone', 'dropped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX push_deliveries_due ON push_deliveries (status, next_attempt_at);
CREATE INDEX push_deliveries_subscription ON push_deliveries (subscription_id, status);
