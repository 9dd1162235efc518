/**
 * Pulls what changed on the server since the local cursor (GET /sync) into the local
 * database, page by page. The cursor is a server version, never a clock time.
 *
 * The local copy belongs to one user (or to a visitor). Everything private is tied to that
 * owner: when someone else signs in, the private rows go and the pull starts again from 0; a
 * page fetched for one user is never written into another user's copy (the owner is checked
 * again, inside the write transaction, before each page is applied).
 *
 * One pull at a time (across tabs too); asking while one runs schedules exactly one more
 * after it (so a pull asked for after a push always sees that push's effects).
 */
import { answerOf, discardAnswer } from './api-error.ts';
import { api } from './http.ts';
import { documentsListedKey, getMeta, localDb, setMeta } from './local-db.ts';
import { checkDatabase } from './outbox-lost.ts';
import { applyOverlay, settleSent, writesQueued } from './outbox-overlay.ts';
import { retryDelayMs } from './offline/backoff.ts';
import { isTimeout, pullTimeoutMs } from './offline/timeouts.ts';
import { pullStatus } from './pull-status.ts';
import { screensServed } from './screens-first.ts';
import { yieldToBrowser } from './yield-to-browser.ts';
import { revokePendingSignOut, sessionStore, updateSessionUser, type SessionUser } from './session.ts';
import { followAccountLanguage } from './i18n/account-language.ts';

interface Collection<T> {
  upserts: T[];
  deletes: string[];
}

const collections = ['policies', 'blogs', 'faqs', 'agents', 'applications', 'notifications', 'claims', 'serviceRequests'] as const;
type CollectionName = (typeof collections)[number];

/**
 * One page of GET /sync. The cursor is opaque (`<version>.<scope>`: the server tags it with
 * whose view it was taken in); `reset` says the cursor we sent belonged to another view (a
 * visitor who signed in, a user who became an agent), so what we hold must go and the pages
 * that follow are the whole picture.
 */
interface SyncPage {
  cursor: string | number;
  hasMore: boolean;
  reset?: boolean;
  changes: Partial<Record<CollectionName, Collection<{ id: string }>>>;
  /** The signed-in account as the server has it now (no GET /auth/me needed: follow-account.ts). */
  account?: SessionUser;
}

/** The server version inside a cursor, to check that paging moves forward. */
const versionOf = (cursor: string | number | undefined) => Number(String(cursor ?? '0').split('.')[0]) || 0;

const cursorKey = 'sync-cursor';
const ownerKey = 'sync-owner';
const filledKey = 'sync-filled';
/** Whose private rows the copy holds completely ('' = a visitor's copy): see pull-status.ts. */
const filledForKey = 'sync-filled-for';
/**
 * Each database made on this device gets a random id, kept inside it (meta) and beside it
 * (localStorage). If the browser evicts the database (storage pressure, site data cleared),
 * the next start finds a new, empty database whose id differs from the one remembered: the
 * copy is filled again from cursor 0, and the user is told about unsent writes that went with
 * it (see outbox-lost.ts).
 */
const instanceKey = 'db-instance';
const knownInstanceKey = 'local-db-instance';
/** A stop against a server that keeps saying hasMore without moving its cursor. */
const maxPagesPerPull = 10_000;

const currentOwner = () => sessionStore.get().user?.id ?? null;

class OwnerChanged extends Error {
  constructor() {
    super('The signed-in user changed during the pull');
  }
}

/**
 * Makes the local copy `owner`'s: drops private data that belongs to anyone else and restarts
 * from cursor 0. (The outbox calls it before queueing a write, so a write never lands in
 * another user's copy.)
 */
export async function adoptOwner(owner: string | null): Promise<void> {
  const changed = await localDb.transaction('rw', [localDb.applications, localDb.notifications, localDb.meta, localDb.outbox, localDb.keptDocuments, localDb.claims, localDb.serviceRequests], async () => {
    const stored = (await getMeta<string | null>(ownerKey)) ?? null;
    if (stored === owner) return false;
    await localDb.applications.clear();
    await localDb.notifications.clear();
    await localDb.keptDocuments.clear();
    await localDb.claims.clear();
    await localDb.serviceRequests.clear();
    await setMeta(cursorKey, 0);
    await setMeta(ownerKey, owner);
    // The new owner's rows are not on the device until a pull for them completes.
    await setMeta(filledForKey, null);
    // The new owner's own queued writes (if any) show on the fresh copy.
    await applyOverlay(owner);
    return true;
  });
  if (changed) pullStatus.set({ ...pullStatus.get(), filledFor: null });
}

function tableOf(name: CollectionName) {
  // The rows are the API's own shapes; each table holds one of them.
  return localDb[name] as unknown as typeof localDb.policies;
}

/** The public collections, written in small steps before the rest of a page (applyPublicInSteps). */
const publicCollections = ['policies', 'blogs', 'faqs', 'agents'] as const;
/**
 * Public rows written per transaction. One transaction for a whole page (hundreds of rows) was
 * one main-thread task of 50-150 ms on a slow phone; in steps, each its own task, a person can
 * scroll and tap while a first visit's copy fills (docs/decisions/0065-*). The size adapts to the
 * device: it starts small, doubles while a step takes under half of `stepBudgetMs` and halves
 * when one takes longer, so a fast device fills a large catalogue in few steps.
 */
const stepRows = { now: 10, min: 5, max: 500 };
const stepBudgetMs = 40;

function adaptStep(tookMs: number) {
  if (tookMs < stepBudgetMs / 2) stepRows.now = Math.min(stepRows.max, stepRows.now * 2);
  else if (tookMs > stepBudgetMs) stepRows.now = Math.max(stepRows.min, Math.floor(stepRows.now / 2));
}

async function checkOwner(owner: string | null) {
  if (((await getMeta<string | null>(ownerKey)) ?? null) !== owner) throw new OwnerChanged();
}

/**
 * A page's public rows, in small transactions with a pause for the browser before each. The
 * cursor moves only with the page's last transaction (applyPage), so a pull that stops half-way
 * brings the same page again, and writing a row twice changes nothing. Screens that show a
 * prerendered list keep it until the copy is filled (use-local-data.ts), so none shows a list
 * half written on a first visit.
 */
async function applyPublicInSteps(page: SyncPage, owner: string | null) {
  for (const name of publicCollections) {
    const changes = page.changes[name];
    if (!changes) continue;
    const table = tableOf(name);
    // Deletes first, then upserts, as one transaction did them.
    await inSteps(changes.deletes ?? [], (part) => table.bulkDelete(part), table, owner);
    await inSteps(changes.upserts ?? [], (part) => table.bulkPut(part as never[]), table, owner);
  }
  await yieldToBrowser();
}

async function inSteps<R>(rows: readonly R[], write: (part: R[]) => Promise<unknown>, table: ReturnType<typeof tableOf>, owner: string | null) {
  for (let done = 0; done < rows.length; ) {
    await yieldToBrowser();
    const part = rows.slice(done, done + stepRows.now);
    const started = performance.now();
    await localDb.transaction('rw', table, localDb.meta, async () => {
      await checkOwner(owner);
      await write(part);
    });
    adaptStep(performance.now() - started);
    done += part.length;
  }
}

async function applyPage(page: SyncPage, owner: string | null) {
  // A reset replaces what the device holds: one transaction, so no screen ever sees it empty.
  const stepped = !page.reset;
  if (stepped) await applyPublicInSteps(page, owner);
  const tables = collections.map(tableOf);
  await localDb.transaction('rw', [...tables, localDb.meta, localDb.outbox], async () => {
    await checkOwner(owner);
    if (page.reset) await Promise.all(tables.map((table) => table.clear()));
    let privateRowsChanged = page.reset === true;
    for (const name of collections) {
      if (stepped && (publicCollections as readonly string[]).includes(name)) continue;
      const changes = page.changes[name];
      if (!changes) continue;
      const table = tableOf(name);
      if (changes.deletes?.length) await table.bulkDelete(changes.deletes);
      // A policy that left the device (deleted, or given to another agent) takes its requests along.
      if (name === 'applications' && changes.deletes?.length) await localDb.serviceRequests.where('applicationId').anyOf(changes.deletes).delete();
      if (changes.upserts?.length) await table.bulkPut(changes.upserts as never[]);
      if ((name === 'applications' || name === 'claims') && (changes.deletes?.length || changes.upserts?.length)) privateRowsChanged = true;
    }
    // Server rows replaced the device's marks on them: show the still-unsent writes again,
    // in the same transaction, so a screen never sees a queued change flicker away. With
    // nothing queued there are no marks to restore (the usual pull skips the scan).
    if (privateRowsChanged && (await writesQueued())) await applyOverlay(owner);
    await setMeta(cursorKey, page.cursor);
  });
}

async function pullOnce(): Promise<'done' | 'restart'> {
  const startedAt = Date.now();
  const owner = currentOwner();
  pullStatus.set({ ...pullStatus.get(), state: 'syncing', error: null });
  try {
    // A sign-out made offline goes out before anything else; it names its own session, so a
    // failure (a 503) need not hold up the person signed in now (it is retried on its own).
    await revokePendingSignOut();
    await checkForEviction();
    await adoptOwner(owner);
    for (let pages = 0; pages < maxPagesPerPull; pages++) {
      // A screen waiting for its own page is served first (screens-first.ts).
      await screensServed();
      const since = String((await getMeta<string | number>(cursorKey)) ?? '0');
      // A page that never comes must not hold the pull (nor its lock): give up and retry.
      const res = await api.sync.$get({ query: { since } }, { init: { signal: AbortSignal.timeout(pullTimeoutMs) } });
      // The session may have changed while the request was out (sign-in, sign-out, or a
      // refresh that failed): that answer was for someone else's copy. Start over.
      if (currentOwner() !== owner) {
        discardAnswer(res);
        return 'restart';
      }
      const page = await answerOf(res);
      await yieldToBrowser();
      // A role an admin changed reaches menus and guards with the pull itself.
      if (page.account) {
        updateSessionUser(page.account);
        // So does a language the person chose on another device (lib/i18n/account-language.ts).
        followAccountLanguage((page.account as { language?: unknown }).language);
      }
      await applyPage(page, owner);
      if (!page.hasMore) break;
      if (!page.reset && !(versionOf(page.cursor) > versionOf(since))) {
        throw new Error('The server sent more pages without moving its cursor');
      }
    }
    await localDb.transaction('rw', localDb.meta, async () => {
      await checkOwner(owner);
      await setMeta(filledKey, true);
      await setMeta(filledForKey, owner ?? '');
    });
    // Writes the server already had before this pull began are now in the local copy.
    await settleSent(owner, startedAt);
    pullStatus.set({ state: 'idle', filled: true, filledFor: owner ?? '', known: true, slow: false, error: null });
    return 'done';
  } catch (error) {
    if (error instanceof OwnerChanged || currentOwner() !== owner) return 'restart';
    const stored = await readReadiness().catch(() => ({ filled: false, filledFor: null }));
    pullStatus.set({ state: 'error', ...stored, known: true, slow: isTimeout(error), error: error instanceof Error ? error.message : String(error) });
    return 'done';
  }
}

let running: Promise<void> | null = null;
let again = false;

/**
 * Tabs pull one after the other (a Web Lock where there is one): the same pages are not
 * fetched twice at once, and an expired access token is renewed by one request at a time.
 */
async function oneTabAtATime<T>(pull: () => Promise<T>): Promise<T> {
  return navigator.locks?.request ? navigator.locks.request('sync-pull', pull) : pull();
}

/**
 * Brings the local copy up to date. One pull at a time: callers asking meanwhile get a
 * promise that settles after one more pull, started after their call.
 */
export function pullChanges(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      let restarts = 0;
      do {
        again = false;
        if ((await oneTabAtATime(pullOnce)) === 'restart' && restarts++ < 3) again = true;
      } while (again);
      if (pullStatus.get().state === 'syncing') pullStatus.set({ ...pullStatus.get(), state: 'idle' });
      scheduleRetry(pullStatus.get().state === 'error');
    } finally {
      running = null;
    }
  })();
  return running;
}

let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** A failed pull is tried again on the outbox's backoff (while online); a good one resets it. */
function scheduleRetry(failed: boolean) {
  clearTimeout(retryTimer);
  if (!failed) {
    failures = 0;
    return;
  }
  const delay = retryDelayMs(failures);
  failures = Math.min(failures + 1, 16);
  retryTimer = setTimeout(() => {
    if (navigator.onLine) void pullChanges();
  }, delay);
}

/** Forgets everything private on this device (sign-out), keeping the public catalogue. */
export async function clearPrivateData(): Promise<void> {
  await localDb.transaction('rw', [localDb.applications, localDb.notifications, localDb.meta, localDb.keptDocuments, localDb.pendingDocuments, localDb.claims, localDb.serviceRequests], async () => {
    await localDb.applications.clear();
    await localDb.notifications.clear();
    // Documents and photos (issue 27): those kept to be seen offline, and those not sent, as
    // the outbox's unsent writes go (the sign-out warning counts them with the writes).
    await localDb.keptDocuments.clear();
    await setMeta(documentsListedKey, null);
    await localDb.pendingDocuments.clear();
    await localDb.claims.clear();
    await localDb.serviceRequests.clear();
    // The cursor covers private rows too: the next owner must pull from the beginning.
    await setMeta(cursorKey, '0');
    await setMeta(ownerKey, null);
    await setMeta(filledForKey, null);
  });
  pullStatus.set({ ...pullStatus.get(), filledFor: null });
}

let evictionChecked: Promise<string> | null = null;

/** This database's id (made on first use), after checking it is the one this device knew. */
export function checkForEviction(): Promise<string> {
  evictionChecked ??= (async () => {
    const instance = await localDb.transaction('rw', localDb.meta, async () => {
      let id = await getMeta<string>(instanceKey);
      if (!id) {
        id = crypto.randomUUID();
        await setMeta(instanceKey, id);
      }
      return id;
    });
    const known = localStorage.getItem(knownInstanceKey);
    localStorage.setItem(knownInstanceKey, instance);
    checkDatabase(instance, known);
    return instance;
  })();
  evictionChecked.catch(() => {
    evictionChecked = null;
  });
  return evictionChecked;
}

/** The id of the database now open, or undefined if it was made after checkForEviction. */
export const currentInstance = () => getMeta<string>(instanceKey);

async function readReadiness(): Promise<{ filled: boolean; filledFor: string | null }> {
  return { filled: (await getMeta<boolean>(filledKey)) ?? false, filledFor: (await getMeta<string | null>(filledForKey)) ?? null };
}

/** Reads, at start-up, what the device already holds (before that, screens decide nothing). */
export async function initialPullStatus(): Promise<void> {
  const stored = await readReadiness().catch(() => ({ filled: false, filledFor: null }));
  // A pull that finished meanwhile knows better.
  if (!pullStatus.get().known) pullStatus.set({ ...pullStatus.get(), ...stored, known: true });
}

/** Asks the browser not to evict the local copy (and the outbox) under storage pressure. */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
