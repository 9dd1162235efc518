-- Issue 29. Eligibility: the applicant's date of birth (checked against the policy's ages when
-- the application is made), and the reason an application was rejected, which its owner reads.
-- Older applications have none of these (NULL).
ALTER TABLE applications ADD COLUMN date_of_birth TEXT;
ALTER TABLE applications ADD COLUMN rejection_reason TEXT;
ALTER TABLE applications ADD COLUMN rejection_note TEXT;

-- A withdrawn policy leaves the catalogue but keeps its row, so the applications made for it
-- keep their policy (a delete would set their policy_id to NULL).
ALTER TABLE policies ADD COLUMN withdrawn_at TEXT;
