/**
 * What a page's service worker and local database hold, read through the page: shared by the
 * e2e tests and the benches (bench/return-visit.ts). No test runner here (no vitest import):
 * a bench imports it outside vitest, where vitest's own modules cannot load.
 */
import type { Page } from 'playwright-core';

/** Waits until the worker has kept the signed-in person's screens (app/role-screens.ts). */
export async function waitForRoleScreens(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('role-screens-kept').length > 0, undefined, { timeout: 60_000 });
}

/** Waits until the device holds the documents it keeps for the signed-in customer or agent (lib/documents/kept.ts). */
export async function waitForKeptDocuments(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('documents-kept').length > 0, undefined, { timeout: 60_000 });
}

/** Waits until a service worker controls the page (the app shell is precached by then). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, undefined, {
      timeout: 30_000,
    });
  } catch (error) {
    // Say what the worker was doing, to tell a slow install from a failed one.
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        url: location.href,
        readyState: document.readyState,
        registered: Boolean(registration),
        installing: registration?.installing?.state ?? null,
        waiting: registration?.waiting?.state ?? null,
        active: registration?.active?.state ?? null,
      };
    });
    throw new Error(`No service worker took control: ${JSON.stringify(state)}`, { cause: error });
  }
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

/**
 * Waits until the local copy has been filled from GET /sync for whoever uses the page now (the
 * signed-in user's own rows, or a visitor's public copy).
 */
export async function waitForLocalCopy(page: Page): Promise<void> {
  const filledForOwner = async () => {
    const meta = await readStore<{ key: string; value: unknown }>(page, 'meta');
    const owner = await page.evaluate(() => (JSON.parse(localStorage.getItem('session-user') ?? 'null') as { id: string } | null)?.id ?? '');
    const filled = meta.some((entry) => entry.key === 'sync-filled' && entry.value === true);
    return filled && meta.some((entry) => entry.key === 'sync-filled-for' && entry.value === owner);
  };
  const deadline = Date.now() + 30_000;
  while (!(await filledForOwner())) {
    if (Date.now() > deadline) throw new Error('The local copy was not filled in time');
    await page.waitForTimeout(100);
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

/**
 * Waits until the app has hydrated the prerendered page (app-tree.tsx's `app-ready` mark): text
 * typed into a prerendered form before that is replaced, and a press submits without the app.
 */
export async function waitForAppReady(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('app-ready').length > 0, undefined, { timeout: 30_000 });
}
