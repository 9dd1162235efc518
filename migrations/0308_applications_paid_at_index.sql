-- The admin statistics' 13th-month persistency (issue 49, edge-api/src/premiums/persistency.ts)
-- finds the policies that came in force in one month of a year ago: a policy's start is the later
-- of its approval (indexed: applications_decided_at) and its payment, so its payment needs an
-- index too, or that month is found by reading every application.
CREATE INDEX applications_paid_at ON applications (paid_at);
