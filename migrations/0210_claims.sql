-- Issue 31: insurance claims proper (death, hospitalisation, disability, maturity), filed by the
-- policyholder or the proven nominee, cleared by an assigned agent, paid out by an admin
-- (docs/decisions/0084-claims.md). Not the spec's "Policy Claims Clearance", which reviews
-- applications and keeps its meaning.
--
-- The id and the claim number are made on the claimant's device, so a claim filed offline has
-- its number at once; both are unique here, and a clash is refused like any conflict.
-- `history` is the claim's timeline as a JSON array, appended by the same UPDATE that makes
-- each step, so a step and its line in the timeline cannot part, and the timeline reaches
-- devices with the row through GET /sync. Amounts are integers of poisha.
CREATE TABLE claims (
  id TEXT PRIMARY KEY,
  claim_number TEXT NOT NULL UNIQUE,
  application_id TEXT NOT NULL REFERENCES applications (id),
  policy_id TEXT,
  policy_name TEXT NOT NULL,
  insured_name TEXT NOT NULL,
  claimant_id TEXT NOT NULL,
  claimant_email TEXT NOT NULL,
  claimant_name TEXT NOT NULL,
  claimant_relation TEXT NOT NULL CHECK (claimant_relation IN ('policyholder', 'nominee')),
  kind TEXT NOT NULL CHECK (kind IN ('death', 'hospitalisation', 'disability', 'maturity')),
  event_date TEXT NOT NULL,
  description TEXT NOT NULL,
  district TEXT NOT NULL,
  payout_method TEXT NOT NULL CHECK (payout_method IN ('bkash', 'nagad', 'bank')),
  payout_account TEXT NOT NULL,
  payout_bank_name TEXT,
  coverage_poisha INTEGER NOT NULL CHECK (coverage_poisha >= 0),
  status TEXT NOT NULL CHECK (status IN ('submitted', 'assigned', 'more_documents', 'approved', 'paid', 'rejected')),
  assigned_agent TEXT,
  assigned_at TEXT,
  missing_documents TEXT,
  decision_reason TEXT,
  approved_poisha INTEGER CHECK (approved_poisha IS NULL OR (approved_poisha > 0 AND approved_poisha <= coverage_poisha)),
  decided_at TEXT,
  paid_poisha INTEGER CHECK (paid_poisha IS NULL OR (paid_poisha > 0 AND paid_poisha <= coverage_poisha)),
  paid_at TEXT,
  payout_paid_method TEXT CHECK (payout_paid_method IS NULL OR payout_paid_method IN ('bkash', 'nagad', 'bank')),
  payout_paid_account TEXT,
  payout_reference TEXT,
  receipt_number TEXT UNIQUE,
  filed_at TEXT NOT NULL,
  due_on TEXT NOT NULL,
  overdue_told_at TEXT,
  updated_at TEXT NOT NULL,
  history TEXT NOT NULL DEFAULT '[]',
  version INTEGER NOT NULL DEFAULT 0
);

-- The rule "one open claim of a kind per policy" held by the database itself: two devices
-- filing the same kind at once make one claim and one conflict.
CREATE UNIQUE INDEX claims_one_open_per_kind ON claims (application_id, kind) WHERE status NOT IN ('paid', 'rejected');
CREATE INDEX claims_claimant_newest ON claims (claimant_id, filed_at DESC);
CREATE INDEX claims_agent_status ON claims (assigned_agent, status);
CREATE INDEX claims_status_due ON claims (status, due_on);
CREATE INDEX claims_filed ON claims (filed_at DESC, id DESC);
CREATE INDEX claims_version ON claims (version);

CREATE TRIGGER claims_stamp_insert AFTER INSERT ON claims
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  UPDATE claims SET version = (SELECT version FROM sync_clock WHERE id = 1) WHERE id = NEW.id;
END;

CREATE TRIGGER claims_stamp_update AFTER UPDATE ON claims
WHEN NEW.version = OLD.version
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  UPDATE claims SET version = (SELECT version FROM sync_clock WHERE id = 1) WHERE id = NEW.id;
END;

-- A policy a death claim ended: no claim can be filed on it any more. A table of its own, so
-- the applications table (and its sync shape) stays as it is.
CREATE TABLE policy_endings (
  application_id TEXT PRIMARY KEY REFERENCES applications (id),
  claim_id TEXT NOT NULL REFERENCES claims (id),
  ended_at TEXT NOT NULL
);
