/**
 * The device's copy and its outbox as one lazily loaded piece: every lazy import of the build's
 * `offline` chunk (vite.config.ts) goes through this module. rolldown makes a small re-export
 * file for each module of a group that is imported lazily (rolldown issue #9729); with one per
 * module, a visitor's first visit paid seven requests of ~400 bytes, mostly headers, for them
 * (docs/decisions/0120-a-first-visit-within-250-kb.md). Import these modules statically only
 * from inside the offline chunk.
 */
export {
  adoptOwner,
  checkForEviction,
  clearPrivateData,
  currentInstance,
  initialPullStatus,
  pullChanges,
  requestPersistentStorage,
} from './sync-pull.ts';
export { clearOutboxOf, onRefused, startOutbox } from './offline/start.ts';
export { liveQuery, localDb, type LocalDb } from './local-live.ts';
export { followAccountChanges } from './follow-account.ts';
export { sendLanguage } from './i18n/account-language.ts';
export { keepClaimDocumentsOf, keepDocuments, keepDocumentsOf } from './documents/kept.ts';
