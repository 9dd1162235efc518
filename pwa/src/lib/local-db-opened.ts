/**
 * The local database, loaded and opened in steps that are each a task of their own: Dexie's
 * module (evaluated on arrival), then the opening (on a first visit it creates every table),
 * then whatever reads or writes first. Chained together they made one task of ~150-300 ms on
 * a slow phone, right when a first visit's page has become usable (docs/decisions/0065-*).
 * Everything started once the page has settled goes through here (app/start.ts,
 * use-local-query.ts).
 */
import { yieldToBrowser } from './yield-to-browser.ts';

let opened: Promise<void> | null = null;

export function localDbOpened(): Promise<void> {
  opened ??= import('./offline-entry.ts').then(async ({ localDb }) => {
    await yieldToBrowser();
    // A failure (no IndexedDB, private mode) is left to the first read, as before: it reports it.
    await localDb.open().catch(() => undefined);
    await yieldToBrowser();
  });
  return opened;
}
