/**
 * Pulls what changed on the server since the local cursor (GET /sync) into the local
 * database, page by page. The cursor is a server version, never a clock time. The local
 * copy belongs to one user (or to a visitor): when someone else signs in, it starts over.
 */
import { localDb, getMeta, setMeta } from './local-db.ts';
import { authFetch } from './http.ts';
import { jsonOrThrow } from './api-error.ts';
import { sessionStore } from './session.ts';
import { pullStatus } from './pull-status.ts';

interface Collection<T> {
  upserts: T[];
  deletes: string[];
}

interface SyncPage {
  cursor: number;
  hasMore: boolean;
  changes: Partial<Record<'policies' | 'blogs' | 'faqs' | 'agents' | 'applications', Collection<{ id: string }>>>;
}

const cursorKey = 'sync-cursor';
const ownerKey = 'sync-owner';

/** Drops private data that belongs to someone other than who is signed in now. */
async function ensureOwner(): Promise<void> {
  const owner = sessionStore.get().user?.id ?? null;
  const stored = (await getMeta<string | null>(ownerKey)) ?? null;
  if (stored === owner) return;
  await localDb.transaction('rw', localDb.applications, localDb.meta, async () => {
    await localDb.applications.clear();
    await setMeta(cursorKey, 0);
    await setMeta(ownerKey, owner);
  });
}

async function applyPage(page: SyncPage) {
  const tables = {
    policies: localDb.policies,
    blogs: localDb.blogs,
    faqs: localDb.faqs,
    agents: localDb.agents,
    applications: localDb.applications,
  } as const;
  await localDb.transaction('rw', [...Object.values(tables), localDb.meta], async () => {
    for (const [name, table] of Object.entries(tables)) {
      const changes = page.changes[name as keyof typeof tables];
      if (!changes) continue;
      if (changes.deletes.length) await (table as typeof localDb.policies).bulkDelete(changes.deletes);
      // The rows are the API's own shapes; each table holds one of them.
      if (changes.upserts.length) await (table as typeof localDb.policies).bulkPut(changes.upserts as never[]);
    }
    await setMeta(cursorKey, page.cursor);
  });
}

let running: Promise<void> | null = null;

/** One pull at a time; callers asking meanwhile share it. */
export function pullChanges(): Promise<void> {
  running ??= (async () => {
    pullStatus.set({ ...pullStatus.get(), state: 'syncing', error: null });
    try {
      await ensureOwner();
      let hasMore = true;
      while (hasMore) {
        const since = (await getMeta<number>(cursorKey)) ?? 0;
        const page = await jsonOrThrow<SyncPage>(await authFetch(`/sync?since=${since}`));
        await applyPage(page);
        hasMore = page.hasMore;
      }
      await setMeta('sync-filled', true);
      pullStatus.set({ state: 'idle', filled: true, error: null });
    } catch (error) {
      const filled = (await getMeta<boolean>('sync-filled')) ?? false;
      pullStatus.set({ state: 'error', filled, error: error instanceof Error ? error.message : String(error) });
    } finally {
      running = null;
    }
  })();
  return running;
}

/** Forgets everything private on this device (sign-out), keeping the public catalogue. */
export async function clearPrivateData(): Promise<void> {
  await localDb.transaction('rw', localDb.applications, localDb.meta, async () => {
    await localDb.applications.clear();
    await setMeta(cursorKey, 0);
    await setMeta(ownerKey, null);
  });
}

export async function initialPullStatus(): Promise<void> {
  const filled = (await getMeta<boolean>('sync-filled')) ?? false;
  pullStatus.set({ ...pullStatus.get(), filled });
}
