-- SMS about premiums (issue 49 part 4, docs/decisions/0117): the reminders (7 days before a due,
-- on its day, halfway through grace), the lapse notice and the receipt notice also go by SMS to
-- a proven number whose owner has not opted out. A queued SMS names what it is about, so its
-- text can say the amount and the date; and one about premiums waits through Dhaka's quiet
-- hours (21:00-08:00): the sender leaves it queued until the morning (sms/queue.ts).
ALTER TABLE sms_queue ADD COLUMN premium_due_id TEXT;
-- before, on_day, mid_grace, lapsed: the reminder's kind (premium_reminders.kind).
ALTER TABLE sms_queue ADD COLUMN premium_kind TEXT;
ALTER TABLE sms_queue ADD COLUMN premium_receipt_id TEXT;
-- 1: never sent between 21:00 and 08:00 in Dhaka.
ALTER TABLE sms_queue ADD COLUMN quiet_at_night INTEGER NOT NULL DEFAULT 0;

-- The reminders and the lapse notice are queued by the reminder pass itself, in the batch that
-- records them (premiums/reminders.ts). The receipt notice, whoever records the payment (online
-- or in the field, premiums/record-dues.ts), by this trigger: the receipt is the one of that
-- policy written in the same batch, at the notification's own instant. It is a trigger of its own,
-- beside notifications_queue_sms (last made by 0312 with the service-request events), because a
-- receipt's SMS names the receipt; neither trigger's events are the other's.
CREATE TRIGGER notifications_queue_premium_paid_sms AFTER INSERT ON notifications
WHEN NEW.event = 'premium_paid'
BEGIN
  INSERT INTO sms_queue (notification_id, premium_receipt_id, quiet_at_night, created_at)
  SELECT NEW.id,
    (SELECT r.id FROM premium_receipts r WHERE r.application_id = NEW.entity_id AND r.paid_at = NEW.created_at ORDER BY r.id LIMIT 1),
    1, NEW.created_at
  FROM users
  WHERE users.id = NEW.user_id AND users.phone IS NOT NULL AND users.phone_verified_at IS NOT NULL AND users.sms_opt_out = 0
  ON CONFLICT (notification_id) DO NOTHING;
END;
