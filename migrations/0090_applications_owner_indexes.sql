-- The hot paths over applications read them by owner (user_id or user_email), by assigned agent,
-- and in sync pulls by (owner or agent) and version. An OR of user_id and user_email can only use
-- indexes when both columns have one (otherwise SQLite scans the whole table), and a version
-- range inside each owner's rows needs the version as the second column.
-- edge-api/test/query-plans.node-only.test.ts reads the plans of these queries.
CREATE INDEX applications_user_id_version ON applications (user_id, version);
CREATE INDEX applications_user_email_version ON applications (user_email, version);
CREATE INDEX applications_assigned_agent_version ON applications (assigned_agent, version);
-- The single-column indexes are prefixes of the ones above: they would only slow writes down.
DROP INDEX applications_user_email;
DROP INDEX applications_assigned_agent;
