-- Issue 26, point 1: every amount is stored in poisha. Payments, receipts and claims already
-- are (0170, 0210); this moves the catalogue's coverage and base premium and the application's
-- estimated premium from taka to poisha (×100, whole numbers).
--
-- policies' CHECK lists taka values for base_premium, so the table is rebuilt. Neither Node (the
-- runner wraps each file in a transaction) nor D1 can turn foreign keys off inside a migration,
-- and with them on, DROP TABLE policies deletes its rows first and so runs the children's
-- actions: policy_stats rows are deleted (CASCADE) and applications lose their policy_id
-- (SET NULL). Both are kept aside before the drop and put back after, in this same transaction.

CREATE TABLE policies_poisha (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  category TEXT NOT NULL CHECK (category IN ('Term Life', 'Senior', 'Child')),
  description TEXT NOT NULL,
  short_details TEXT NOT NULL DEFAULT '',
  min_age INTEGER NOT NULL,
  max_age INTEGER NOT NULL,
  coverage_range INTEGER NOT NULL,
  duration INTEGER NOT NULL CHECK (duration IN (3, 5, 7, 10)),
  base_premium INTEGER NOT NULL CHECK (base_premium IN (10000000, 50000000, 100000000)),
  image_url TEXT NOT NULL,
  creator_email TEXT NOT NULL DEFAULT 'anonymous',
  tracking_id TEXT NOT NULL,
  creation_date TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 0,
  title_bn TEXT,
  short_details_bn TEXT,
  description_bn TEXT,
  withdrawn_at TEXT
);
INSERT INTO policies_poisha (
  id, title, category, description, short_details, min_age, max_age, coverage_range, duration,
  base_premium, image_url, creator_email, tracking_id, creation_date, version,
  title_bn, short_details_bn, description_bn, withdrawn_at
)
SELECT
  id, title, category, description, short_details, min_age, max_age, coverage_range * 100, duration,
  base_premium * 100, image_url, creator_email, tracking_id, creation_date, version,
  title_bn, short_details_bn, description_bn, withdrawn_at
FROM policies;

CREATE TABLE policy_stats_kept AS SELECT policy_id, view_count, application_count FROM policy_stats;
CREATE TABLE application_policies_kept AS SELECT id, policy_id FROM applications WHERE policy_id IS NOT NULL;

DROP TABLE policies;
ALTER TABLE policies_poisha RENAME TO policies;

CREATE INDEX policies_version ON policies (version);
CREATE INDEX policies_creation_date ON policies (creation_date DESC);

CREATE TRIGGER policies_stamp_insert AFTER INSERT ON policies
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  UPDATE policies SET version = (SELECT version FROM sync_clock WHERE id = 1) WHERE id = NEW.id;
END;

CREATE TRIGGER policies_stamp_update AFTER UPDATE ON policies
WHEN NEW.version = OLD.version
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  UPDATE policies SET version = (SELECT version FROM sync_clock WHERE id = 1) WHERE id = NEW.id;
END;

CREATE TRIGGER policies_tombstone AFTER DELETE ON policies
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  INSERT INTO tombstones (version, entity, entity_id, owner_email, agent_email)
  VALUES ((SELECT version FROM sync_clock WHERE id = 1), 'policies', OLD.id, NULL, NULL);
END;

INSERT INTO policy_stats (policy_id, view_count, application_count)
SELECT policy_id, view_count, application_count FROM policy_stats_kept;
DROP TABLE policy_stats_kept;

-- One statement puts the policy back and moves the premium, so each application is stamped
-- (and re-sent by the sync) once for both.
UPDATE applications SET
  policy_id = COALESCE((SELECT kept.policy_id FROM application_policies_kept AS kept WHERE kept.id = applications.id), policy_id),
  estimated_premium = CAST(ROUND(estimated_premium * 100) AS INTEGER);
DROP TABLE application_policies_kept;

-- Every policy changed: a new version each, so synced copies fetch the amounts in poisha.
UPDATE policies SET id = id;
