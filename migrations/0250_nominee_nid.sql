-- Issue 47 (docs/decisions/0103-the-nominee-proves-who-they-are.md): a claim "as the nominee" is
-- taken only from someone whose own NID is the nominee's NID on the policy.
--
-- The application keeps the nominee's NID, asked by the Apply form. NULL on every policy sold
-- before, and on an application an older app queued offline without it: its nominee is unverified.
ALTER TABLE applications ADD COLUMN nominee_nid TEXT;

-- A claim filed as the nominee on a policy with no nominee NID on file could not be checked: it
-- is taken, marked unverified for the agent and the admins, and it blocks no one else's claim of
-- its kind. Every nominee's claim filed before this migration was checked against the insured's
-- NID only, so it is unverified too (that is what let a stranger's claim block the family's).
ALTER TABLE claims ADD COLUMN nominee_unverified INTEGER NOT NULL DEFAULT 0 CHECK (nominee_unverified IN (0, 1));
-- The NID the claimant gave as the nominee's, for the assigned agent to compare with the papers.
ALTER TABLE claims ADD COLUMN claimant_nid TEXT;
UPDATE claims SET nominee_unverified = 1 WHERE claimant_relation = 'nominee';

-- "One open claim of a kind per policy" now counts the checked claims only; an unverified
-- claimant still holds one open claim of a kind per policy, so one account cannot pile them up.
DROP INDEX claims_one_open_per_kind;
CREATE UNIQUE INDEX claims_one_open_per_kind ON claims (application_id, kind) WHERE status NOT IN ('paid', 'rejected') AND nominee_unverified = 0;
CREATE UNIQUE INDEX claims_one_open_unverified_per_claimant ON claims (application_id, kind, claimant_id)
  WHERE status NOT IN ('paid', 'rejected') AND nominee_unverified = 1;
