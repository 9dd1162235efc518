-- SMS about a person's policies (issue 50): each premium paid (the regulator's rule) and each
-- decision on an application or claim, to a proven number whose owner has not opted out. A
-- trigger on the inbox queues it, so it is written in the same batch as the change and its
-- notification, whichever command made them; the SMS sender (sms/queue.ts) sends the queue.
CREATE TABLE sms_queue (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  notification_id TEXT NOT NULL UNIQUE REFERENCES notifications (id) ON DELETE CASCADE,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'taken')),
  created_at TEXT NOT NULL
);
CREATE INDEX sms_queue_pending ON sms_queue (status, id);

CREATE TRIGGER notifications_queue_sms AFTER INSERT ON notifications
WHEN NEW.event IN ('payment.confirmed', 'application.approved', 'application.rejected',
                   'insurance-claim.approved', 'insurance-claim.rejected', 'insurance-claim.sent-back', 'insurance-claim.paid')
BEGIN
  INSERT INTO sms_queue (notification_id, created_at)
  SELECT NEW.id, NEW.created_at FROM users
  WHERE users.id = NEW.user_id AND users.phone IS NOT NULL AND users.phone_verified_at IS NOT NULL AND users.sms_opt_out = 0
  ON CONFLICT (notification_id) DO NOTHING;
END;
