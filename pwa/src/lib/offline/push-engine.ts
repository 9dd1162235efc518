/**
 * The push engine: sends what the signed-in user has queued (queue.ts), in order, in batches,
 * with the user's own session, and carries out what push-decision.ts decides for each answer.
 *
 * When it pushes: at start-up, on the `online` event, when the page becomes visible, right
 * after a write is queued, when Background Sync fires (the service worker asks the page), and
 * after a failure on a capped, jittered exponential backoff (backoff.ts). A 401 renews the
 * session once; if the session is over, the queue pauses until its owner signs in again. Only
 * one tab pushes at a time (lock.ts).
 */
import { localDb, type OutboxItem } from '../local-db.ts';
import { localEffects } from '../outbox-overlay.ts';
import { updateOutboxStatus } from '../outbox-status.ts';
import { getAccessToken, refreshSession, revokePendingSignOut, sessionStore, type SessionUser } from '../session.ts';
import { pullChanges } from '../sync-pull.ts';
import { attachWrite } from '../documents/pending.ts';
import { notifyRefused, type Refusal } from './answers.ts';
import { retryDelayMs } from './backoff.ts';
import { registerBackgroundSync } from './background-sync.ts';
import { withPushLock } from './lock.ts';
import { afterAnswers, afterBatch, nextBatchSize, verdictOf, type PushAnswer } from './push-decision.ts';
import { outboxTables } from './outbox-store.ts';
import { sendBatch } from './transport.ts';

/** Items per POST /sync/push (the server takes up to 100). */
const batchSize = 20;

export interface PushOutcome {
  /** Nothing is left that could have been sent now (a failure will be retried). */
  ok: boolean;
}

let backoffAttempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRetry(retryAfterMs?: number) {
  clearTimeout(retryTimer);
  const delay = Math.max(retryAfterMs ?? 0, retryDelayMs(backoffAttempt));
  backoffAttempt = Math.min(backoffAttempt + 1, 16);
  retryTimer = setTimeout(() => void pushOutbox(), delay);
}

/** The network is back (or a push went through): the next failure starts the backoff afresh. */
export function resetBackoff() {
  backoffAttempt = 0;
  clearTimeout(retryTimer);
  retryTimer = undefined;
}

async function recordAnswers(user: SessionUser, items: OutboxItem[], answers: PushAnswer[]): Promise<{ sent: number; refused: Refusal[] }> {
  const byId = new Map(answers.map((answer) => [answer.mutationId, answer]));
  const refused: Refusal[] = [];
  let sent = 0;
  await localDb.transaction('rw', outboxTables(), async () => {
    const ownCopy = (await localDb.meta.get('sync-owner'))?.value === user.id;
    for (const item of items) {
      const answer = byId.get(item.mutationId);
      if (!answer) continue;
      const verdict = verdictOf(answer);
      const reason = verdict.accepted ? null : verdict.reason;
      const result = { status: answer.status, reason, body: answer.body ?? null, current: answer.current ?? null };
      if (verdict.accepted) {
        sent++;
        await localDb.outbox.update(item.seq!, { state: 'sent', sentAt: Date.now(), result, lastError: null });
        // A new application's documents learn its id in the same transaction (issue 27).
        const created = (answer.body as { application?: { id?: string } } | null | undefined)?.application?.id;
        if (item.type === 'application.create' && created) await attachWrite(item.mutationId, created);
        if (ownCopy) await localEffects.adoptAnswer(item, answer.body);
      } else {
        refused.push({ mutationId: item.mutationId, summary: item.summary, reason: verdict.reason });
        await localDb.outbox.update(item.seq!, { state: 'refused', result, lastError: null });
      }
    }
    if (ownCopy) await localEffects.refreshMarks(user.id);
  });
  return { sent, refused };
}

async function markRefused(item: OutboxItem, status: number, reason: string) {
  await localDb.transaction('rw', outboxTables(), async () => {
    await localDb.outbox.update(item.seq!, { state: 'refused', result: { status, reason, body: null, current: null } });
    await localEffects.refreshMarks(sessionStore.get().user?.id ?? null);
  });
}

async function noteFailure(items: OutboxItem[], error: string) {
  await localDb.transaction('rw', localDb.outbox, async () => {
    for (const item of items) await localDb.outbox.update(item.seq!, { attempts: item.attempts + 1, lastError: error });
  });
}

/** Sends everything this user has queued, batch by batch. Runs under the push lock. */
async function pushAll(): Promise<PushOutcome> {
  const user = sessionStore.get().user;
  let token = getAccessToken();
  if (!user || !token) return { ok: true };
  // A sign-out made offline goes out first; it names its own session, so a failure need not
  // hold up this user's writes (it is retried on its own: lib/session.ts).
  await revokePendingSignOut();
  updateOutboxStatus({ pausedForSignIn: false });
  let renewed = false;
  let sentAny = false;
  // After a batch the server refused as a whole: send one at a time to find the bad item.
  let singlesLeft = 0;
  try {
    for (;;) {
      // The session may change while we push: never send one user's writes with another's token.
      if (sessionStore.get().user?.id !== user.id) return { ok: true };
      const items = (await localDb.outbox.where('userId').equals(user.id).sortBy('seq'))
        .filter((item) => item.state === 'queued')
        .slice(0, nextBatchSize(singlesLeft, batchSize));
      if (items.length === 0) return { ok: true };
      if (!navigator.onLine) return { ok: false };

      updateOutboxStatus({ pushing: true });
      const outcome = await sendBatch(items, token);
      // Told apart in the header: a network that answers too slowly is not an absent one.
      updateOutboxStatus({ slow: outcome.kind === 'retry-later' && outcome.slow === true });
      const step = afterBatch(outcome, { size: items.length, renewed });
      switch (step.do) {
        case 'renew-session': {
          // Expired access token: renew it once and go on, if it is still this user's session.
          renewed = true;
          const ok = await refreshSession();
          const next = getAccessToken();
          if (ok && next && next !== token && sessionStore.get().user?.id === user.id) {
            token = next;
            continue;
          }
          return waitForSession();
        }
        case 'wait-for-session':
          return waitForSession();
        case 'retry-later':
          await noteFailure(items, step.error);
          scheduleRetry(step.retryAfterMs);
          void registerBackgroundSync();
          return { ok: false };
        case 'send-singly':
          singlesLeft = step.count;
          continue;
        case 'refuse':
          await markRefused(items[0]!, step.status, step.reason);
          notifyRefused([{ mutationId: items[0]!.mutationId, summary: items[0]!.summary, reason: step.reason }]);
          singlesLeft = Math.max(0, singlesLeft - 1);
          continue;
        case 'record': {
          const { sent, refused } = await recordAnswers(user, items, step.answers);
          if (sent > 0) sentAny = true;
          notifyRefused(refused);
          if (afterAnswers(sent + refused.length) === 'retry-later') {
            await noteFailure(items, 'The server did not answer for these changes');
            scheduleRetry();
            return { ok: false };
          }
          singlesLeft = Math.max(0, singlesLeft - items.length);
          resetBackoff();
        }
      }
    }
  } finally {
    updateOutboxStatus({ pushing: false });
    // Let the server's truth replace the optimistic rows (and settle what was sent).
    if (sentAny) void pullChanges();
    // Documents go after the writes they belong to (issue 27). The uploader (tus-js-client, ~14 KB)
    // is loaded only here, for a signed-in person: it is no part of a visitor's first visit or
    // precache (docs/decisions/0087-bengali-first-visit-bytes.md); role-screens.ts has the worker keep it.
    void import('../documents/uploader.ts').then((uploader) => uploader.sendDocuments()).catch(() => undefined);
  }
}

/** The session is over: the writes stay and wait for their owner to sign in again. */
function waitForSession(): PushOutcome {
  const signedIn = sessionStore.get().status === 'signed-in';
  updateOutboxStatus({ pausedForSignIn: !signedIn });
  if (signedIn) scheduleRetry();
  return { ok: !signedIn };
}

let running: Promise<PushOutcome> | null = null;
let again = false;

/** Pushes the queue now (one push at a time per tab; a call during one runs one more after). */
export function pushOutbox(): Promise<PushOutcome> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      let outcome: PushOutcome;
      do {
        again = false;
        const locked = await withPushLock(pushAll);
        if (locked === 'busy') {
          // Another tab is pushing and will see our items too; look again later.
          scheduleRetry();
          outcome = { ok: true };
        } else outcome = locked;
      } while (again && outcome.ok);
      return outcome;
    } catch (error) {
      // IndexedDB trouble (say, the database was deleted under us): retry later.
      console.error('Outbox push failed', error);
      scheduleRetry();
      return { ok: false };
    } finally {
      running = null;
    }
  })();
  return running;
}
