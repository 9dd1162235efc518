/**
 * What a public screen's live read of the local copy needs, as one lazily loaded piece
 * (use-local-query.ts): Dexie's liveQuery and the database.
 */
export { liveQuery } from 'dexie';
export { localDb, type LocalDb } from './local-db.ts';
