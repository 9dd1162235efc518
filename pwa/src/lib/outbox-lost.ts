/**
 * The one case where queued writes can vanish without the app sending them: the browser
 * evicts the site's database (storage pressure, or site data cleared). The outbox keeps a
 * count of unsent writes in localStorage, beside the database; when the database turns out to
 * have been evicted while that count was above zero, the user is told, and the notice stays
 * in Sync problems until dismissed. Nothing goes silently.
 */
import { createStatusStore } from './status-store.ts';

const unsentKey = 'outbox-unsent-count';
const noticeKey = 'outbox-lost-notice';

export const lostWritesNotice = createStatusStore<string | null>(readNotice());

function readNotice(): string | null {
  try {
    return localStorage.getItem(noticeKey);
  } catch {
    return null;
  }
}

interface UnsentCount {
  /** The database the count is about (sync-pull.ts checkForEviction). */
  instance: string;
  count: number;
}

function readUnsent(): UnsentCount | null {
  try {
    return JSON.parse(localStorage.getItem(unsentKey) ?? 'null') as UnsentCount | null;
  } catch {
    return null;
  }
}

/**
 * Kept current by the outbox: how many writes of any user wait in database `instance`. A
 * record about another database is left alone: it is evidence for checkDatabase below.
 */
export function rememberUnsentCount(instance: string, count: number) {
  const current = readUnsent();
  if (current && current.instance !== instance) return;
  if (count > 0) localStorage.setItem(unsentKey, JSON.stringify({ instance, count } satisfies UnsentCount));
  else localStorage.removeItem(unsentKey);
}

/**
 * At start-up, with the id of the database now open and the one this device knew before:
 * when they differ the old database was evicted, and any writes it still held are reported.
 */
export function checkDatabase(instance: string, known: string | null) {
  const remembered = readUnsent();
  if (!remembered || remembered.instance === instance) return;
  localStorage.removeItem(unsentKey);
  const count = known !== null && remembered.instance === known ? remembered.count : 0;
  if (!(count > 0)) return;
  const notice = `${count} ${count === 1 ? 'change' : 'changes'} made on this device could not be sent: the browser cleared this site's storage. Please check your applications and make ${count === 1 ? 'it' : 'them'} again if needed.`;
  localStorage.setItem(noticeKey, notice);
  lostWritesNotice.set(notice);
}

export function dismissLostWritesNotice() {
  localStorage.removeItem(noticeKey);
  lostWritesNotice.set(null);
}
