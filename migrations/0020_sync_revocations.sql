-- Tombstones for rows that still exist but that someone may no longer see, so that delta
-- pulls remove them from clients too:
--   * 'agents': a user who stops being an agent (or an agent who is deleted) leaves the public
--     agents list;
--   * 'application_revocations': an application reassigned away from an agent leaves that
--     agent's device (agent_email is the agent who lost it; owner_email stays NULL so the
--     owner, who still sees the application, never receives it).
-- Like 0005, each tombstone takes the next server version.

CREATE TRIGGER users_agent_revoked AFTER UPDATE OF role ON users
WHEN OLD.role = 'agent' AND NEW.role <> 'agent'
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  INSERT INTO tombstones (version, entity, entity_id, owner_email, agent_email)
  VALUES ((SELECT version FROM sync_clock WHERE id = 1), 'agents', OLD.id, NULL, NULL);
END;

CREATE TRIGGER users_agent_deleted AFTER DELETE ON users
WHEN OLD.role = 'agent'
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  INSERT INTO tombstones (version, entity, entity_id, owner_email, agent_email)
  VALUES ((SELECT version FROM sync_clock WHERE id = 1), 'agents', OLD.id, NULL, NULL);
END;

CREATE TRIGGER applications_agent_revoked AFTER UPDATE OF assigned_agent ON applications
WHEN OLD.assigned_agent IS NOT NULL
  AND (NEW.assigned_agent IS NULL OR lower(NEW.assigned_agent) <> lower(OLD.assigned_agent))
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  INSERT INTO tombstones (version, entity, entity_id, owner_email, agent_email)
  VALUES ((SELECT version FROM sync_clock WHERE id = 1), 'application_revocations', OLD.id, NULL, OLD.assigned_agent);
END;

-- The admin statistics count pending applications.
CREATE INDEX applications_status ON applications (status);
