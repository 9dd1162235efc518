-- A document added to an application or a claim stamps that row with the next server version, so
-- the next pull carries the row again. A device keeps the documents of the rows it holds, and
-- lists a row's documents again only when the row's version has moved (pwa lib/documents/kept.ts):
-- before this, it asked for every row's list after every pull, about once a minute, whether
-- anything had been added or not. Setting the version to itself fires the row's own stamping
-- trigger (migrations 0005, 0210), and no trigger that watches a named column.
CREATE TRIGGER documents_stamp_application AFTER INSERT ON documents
WHEN NEW.claim_id IS NULL
BEGIN
  UPDATE applications SET version = version WHERE id = NEW.application_id;
END;

CREATE TRIGGER documents_stamp_claim AFTER INSERT ON documents
WHEN NEW.claim_id IS NOT NULL
BEGIN
  UPDATE claims SET version = version WHERE id = NEW.claim_id;
END;
