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

/** Kept current by the outbox: how many writes of any user wait on this device. */
export function rememberUnsentCount(count: number) {
  if (count > 0) localStorage.setItem(unsentKey, String(count));
  else localStorage.removeItem(unsentKey);
}

/** Called when the database was found evicted. */
export function noteLostWrites() {
  const count = Number(localStorage.getItem(unsentKey) ?? '0');
  localStorage.removeItem(unsentKey);
  if (!(count > 0)) return;
  const notice = `${count} ${count === 1 ? 'change' : 'changes'} made on this device could not be sent: the browser cleared this site's storage. Please check your applications and make ${count === 1 ? 'it' : 'them'} again if needed.`;
  localStorage.setItem(noticeKey, notice);
  lostWritesNotice.set(notice);
}

export function dismissLostWritesNotice() {
  localStorage.removeItem(noticeKey);
  lostWritesNotice.set(null);
}
