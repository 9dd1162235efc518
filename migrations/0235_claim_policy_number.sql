-- A claim names its policy by the number on the policy's certificate ("BD-…", given at the first
-- payment; decision 0077), not by the application's id: the claimant, the agent and the admin
-- read the same number the certificate and the receipt show. Kept on the claim when it is filed
-- (a claim is only ever filed on a paid policy, so the number exists by then).
ALTER TABLE claims ADD COLUMN policy_number TEXT;
UPDATE claims SET policy_number = (SELECT applications.policy_number FROM applications WHERE applications.id = claims.application_id);
