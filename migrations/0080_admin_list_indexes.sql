-- Manage Applications pages newest first, optionally by status, over any number of rows: the
-- page is read in index order instead of sorting the whole table for every page.
CREATE INDEX applications_applied_at ON applications (applied_at DESC, id DESC);
CREATE INDEX applications_status_applied_at ON applications (status, applied_at DESC, id DESC);
-- What an admin's device keeps offline (docs/decisions/0030): the undecided ones and recent decisions.
CREATE INDEX applications_decided_at ON applications (decided_at);
