-- The premium reminder pass at scale (docs/decisions/0126).

-- The pass reads unpaid dues a page at a time in (due_on, id) order. With the index on due_on
-- alone SQLite sorted each day's dues by id in a temporary tree for every page, working out each
-- row's reminder columns first. Every query that used the old index reads unpaid dues by day:
-- the new one serves them too.
CREATE INDEX premium_dues_unpaid_by_day_and_id ON premium_dues (due_on, id) WHERE paid_at IS NULL;
DROP INDEX premium_dues_unpaid_by_day;

-- A notification's pushes by the notification: deleting a notification (a user's account
-- removed, ON DELETE CASCADE) read the whole push_deliveries table for each one, 19 ms apiece
-- at 100,000 deliveries.
CREATE INDEX push_deliveries_notification ON push_deliveries (notification_id);
