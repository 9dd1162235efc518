-- Issue 51: the holder of a policy hears of a decision on a change they asked for (approved or
-- refused) by SMS too, as of every other decision on their policy (migration 0291's rule: a proven
-- number whose owner has not opted out). The trigger is made again with the two events added.
DROP TRIGGER IF EXISTS notifications_queue_sms;
CREATE TRIGGER notifications_queue_sms AFTER INSERT ON notifications
WHEN NEW.event IN ('payment.confirmed', 'application.approved', 'application.rejected',
                   'insurance-claim.approved', 'insurance-claim.rejected', 'insurance-claim.sent-back', 'insurance-claim.paid',
                   'service-request.approved', 'service-request.refused')
BEGIN
  INSERT INTO sms_queue (notification_id, created_at)
  SELECT NEW.id, NEW.created_at FROM users
  WHERE users.id = NEW.user_id AND users.phone IS NOT NULL AND users.phone_verified_at IS NOT NULL AND users.sms_opt_out = 0
  ON CONFLICT (notification_id) DO NOTHING;
END;
