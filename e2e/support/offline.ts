/**
 * Helpers for the offline journeys: wait until the service worker controls the page and the
 * local copy (IndexedDB 'insurance', lib/local-db.ts) has been filled, and read the outbox as
 * the page holds it.
 */
import type { Page } from 'playwright-core';

/** Waits until a service worker controls the page (the app shell is precached by then). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, undefined, {
    timeout: 30_000,
  });
}

/** Reads every row of one store of the app's IndexedDB database ([] while it does not exist). */
export async function readStore<T = Record<string, unknown>>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve) => {
        const open = indexedDB.open('insurance');
        open.onupgradeneeded = () => {
          // The app has not made its database yet: do not make an empty one in its place.
          open.transaction?.abort();
        };
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction(name).objectStore(name).getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as T[]);
          };
          request.onerror = () => {
            db.close();
            resolve([]);
          };
        };
      }),
    store,
  );
}

/** Waits until the local copy has been filled from GET /sync at least once. */
export async function waitForLocalCopy(page: Page): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const meta = await readStore<{ key: string; value: unknown }>(page, 'meta');
    if (meta.some((entry) => entry.key === 'sync-filled' && entry.value === true)) return;
    if (Date.now() > deadline) throw new Error('The local copy was not filled in time');
    await page.waitForTimeout(200);
  }
}

export interface OutboxRow {
  mutationId: string;
  userId: string;
  type: string;
  state: 'queued' | 'sent' | 'refused';
  summary: string;
  result: { status: number; reason: string | null } | null;
}

export const readOutbox = (page: Page) => readStore<OutboxRow>(page, 'outbox');
