-- Service requests travel in the sync pull (issues 49 and 51, docs/decisions/0114): each carries
-- the sync clock's version like every other synced row, stamped by triggers on every writer.
ALTER TABLE service_requests ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
CREATE INDEX service_requests_version ON service_requests (version);

CREATE TRIGGER service_requests_stamp_insert AFTER INSERT ON service_requests
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  UPDATE service_requests SET version = (SELECT version FROM sync_clock WHERE id = 1) WHERE id = NEW.id;
END;

CREATE TRIGGER service_requests_stamp_update AFTER UPDATE ON service_requests
WHEN NEW.version = OLD.version
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  UPDATE service_requests SET version = (SELECT version FROM sync_clock WHERE id = 1) WHERE id = NEW.id;
END;

-- A deleted request leaves its holder's and its agent's devices.
CREATE TRIGGER service_requests_tombstone AFTER DELETE ON service_requests
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  INSERT INTO tombstones (version, entity, entity_id, owner_email, agent_email)
  VALUES ((SELECT version FROM sync_clock WHERE id = 1), 'service_requests', OLD.id,
    (SELECT user_email FROM applications WHERE id = OLD.application_id),
    (SELECT assigned_agent FROM applications WHERE id = OLD.application_id));
END;

-- A deleted policy's requests go just before it (rather than by ON DELETE CASCADE, after it),
-- so their tombstones still name its holder and agent.
CREATE TRIGGER service_requests_go_with_policy BEFORE DELETE ON applications
BEGIN
  DELETE FROM service_requests WHERE application_id = OLD.id;
END;

-- A policy given to another agent: its requests travel again, so the new agent's device gets
-- them (the agent who lost it drops them with the application's revocation, 0020).
CREATE TRIGGER service_requests_follow_agent AFTER UPDATE OF assigned_agent ON applications
WHEN NEW.assigned_agent IS NOT OLD.assigned_agent
BEGIN
  UPDATE service_requests SET version = version WHERE application_id = NEW.id;
END;

-- The requests made before this migration get their first version.
UPDATE service_requests SET version = version;
