/**
 * A live read of the local database (Dexie's liveQuery) for the public screens, without Dexie
 * on their way to hydration. The database code (~31 KB compressed, ~50 ms to evaluate on a slow
 * phone) loads once the page has settled (page-settled.ts; at once after that, so a page
 * opened inside the app waits for nothing): until then the screen shows what it was
 * prerendered with, or its loading state (docs/decisions/0065-public-pages-hydrate-without-dexie.md).
 * Like dexie-react-hooks' useLiveQuery: undefined until the first answer, re-run when the rows
 * it read change or `deps` change.
 */
import { useEffect, useState } from 'react';
import type { LocalDb } from './local-db.ts';
import { localDbOpened } from './local-db-opened.ts';
import { afterSettled, heldWorkMayStart } from './page-settled.ts';

// On a visitor's prerendered page, not before the visitor first acts (page-settled.ts).
const localLive = () =>
  afterSettled(() => heldWorkMayStart().then(() => Promise.all([import('./offline-entry.ts'), localDbOpened()]))).then(([live]) => live);

/** `enabled` false: nothing is read (yet); the last answer stays. */
export function useLocalQuery<T>(query: (db: LocalDb) => Promise<T>, deps: readonly unknown[], enabled = true): T | undefined {
  const [answer, setAnswer] = useState<{ value: T } | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let unsubscribe = () => undefined as void;
    void localLive().then(({ liveQuery, localDb }) => {
      if (stopped) return;
      const subscription = liveQuery(() => query(localDb)).subscribe({
        next: (value) => setAnswer({ value }),
        // A read that fails leaves the screen on what it shows (prerendered or loading); the
        // pull's own status tells the screen about a missing copy.
        error: (error: unknown) => console.error('Reading the local copy failed', error),
      });
      unsubscribe = () => subscription.unsubscribe();
    });
    return () => {
      stopped = true;
      unsubscribe();
    };
    // The caller's deps decide when the query is another one (as with useLiveQuery).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, ...deps]);
  return answer?.value;
}
