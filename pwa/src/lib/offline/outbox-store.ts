/**
 * The outbox's own tables and look-ups: the floor that the queue (writes in), the push engine
 * (sends out) and the answers (tell the screens) all stand on, so none of them imports another back.
 */
import { localDb } from '../local-db.ts';
import { localEffects } from '../outbox-overlay.ts';

/** The outbox, the documents waiting with its writes (issue 27) and the local rows it marks, for one transaction. */
export const outboxTables = () => [localDb.outbox, localDb.pendingDocuments, ...localEffects.tables()];

/** Finds an item by its mutation id. */
export const findItem = (mutationId: string) => localDb.outbox.where('mutationId').equals(mutationId).first();
