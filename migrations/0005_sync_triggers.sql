-- Stamp every insert and update of a synced row with the next server version, and
-- leave a tombstone for every deletion. Triggers keep this true for every writer,
-- on Node and on D1 alike, without each query remembering to do it.
-- The WHEN guard stops the stamping update from re-firing its own trigger.

CREATE TRIGGER users_stamp_insert AFTER INSERT ON users
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  UPDATE users SET version = (SELECT version FROM sync_clock WHERE id = 1) WHERE id = NEW.id;
END;

CREATE TRIGGER users_stamp_update AFTER UPDATE ON users
WHEN NEW.version = OLD.version
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  UPDATE users SET version = (SELECT version FROM sync_clock WHERE id = 1) WHERE id = NEW.id;
END;

CREATE TRIGGER users_tombstone AFTER DELETE ON users
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  INSERT INTO tombstones (version, entity, entity_id, owner_email, agent_email)
  VALUES ((SELECT version FROM sync_clock WHERE id = 1), 'users', OLD.id, NULL, NULL);
END;

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

CREATE TRIGGER blogs_stamp_insert AFTER INSERT ON blogs
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  UPDATE blogs SET version = (SELECT version FROM sync_clock WHERE id = 1) WHERE id = NEW.id;
END;

CREATE TRIGGER blogs_stamp_update AFTER UPDATE ON blogs
WHEN NEW.version = OLD.version
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  UPDATE blogs SET version = (SELECT version FROM sync_clock WHERE id = 1) WHERE id = NEW.id;
END;

CREATE TRIGGER blogs_tombstone AFTER DELETE ON blogs
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  INSERT INTO tombstones (version, entity, entity_id, owner_email, agent_email)
  VALUES ((SELECT version FROM sync_clock WHERE id = 1), 'blogs', OLD.id, NULL, NULL);
END;

CREATE TRIGGER faqs_stamp_insert AFTER INSERT ON faqs
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  UPDATE faqs SET version = (SELECT version FROM sync_clock WHERE id = 1) WHERE id = NEW.id;
END;

CREATE TRIGGER faqs_stamp_update AFTER UPDATE ON faqs
WHEN NEW.version = OLD.version
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  UPDATE faqs SET version = (SELECT version FROM sync_clock WHERE id = 1) WHERE id = NEW.id;
END;

CREATE TRIGGER faqs_tombstone AFTER DELETE ON faqs
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  INSERT INTO tombstones (version, entity, entity_id, owner_email, agent_email)
  VALUES ((SELECT version FROM sync_clock WHERE id = 1), 'faqs', OLD.id, NULL, NULL);
END;

CREATE TRIGGER applications_stamp_insert AFTER INSERT ON applications
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  UPDATE applications SET version = (SELECT version FROM sync_clock WHERE id = 1) WHERE id = NEW.id;
END;

CREATE TRIGGER applications_stamp_update AFTER UPDATE ON applications
WHEN NEW.version = OLD.version
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  UPDATE applications SET version = (SELECT version FROM sync_clock WHERE id = 1) WHERE id = NEW.id;
END;

CREATE TRIGGER applications_tombstone AFTER DELETE ON applications
BEGIN
  UPDATE sync_clock SET version = version + 1 WHERE id = 1;
  INSERT INTO tombstones (version, entity, entity_id, owner_email, agent_email)
  VALUES ((SELECT version FROM sync_clock WHERE id = 1), 'applications', OLD.id, OLD.user_email, OLD.assigned_agent);
END;
