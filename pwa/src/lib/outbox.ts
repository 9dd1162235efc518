/**
 * The outbox: writes made on this device (apply for a policy, delete one's own pending
 * application, an agent's approve or reject) wait here, durably in IndexedDB, until the server
 * has them. They show at once (outbox-overlay.ts marks the local rows 'Waiting to send') and
 * are pushed in order, in batches, with POST /sync/push.
 *
 * Never lost, never doubled:
 * - Each write carries a mutation id made here (crypto.randomUUID()). The server records it
 *   with the write's effect, atomically, so sending it again (a reply lost to a flapping
 *   network, a killed server, two tabs) answers 'duplicate' and changes nothing.
 * - An item leaves the outbox only when the server has it AND a later pull has brought its
 *   effect into the local copy, or when the user dismisses a refusal they were shown.
 * - A write belongs to the user who made it and is only ever sent with that user's session.
 *   Another user's writes wait, unseen, until their owner signs in again (or signs out through
 *   the warning in outbox-sign-out.ts, which drops them knowingly).
 *
 * When it pushes: at start-up, on the `online` event, when the page becomes visible, right
 * after a write is queued, when Background Sync fires (the service worker asks the page),
 * and after a failure on a capped, jittered exponential backoff. A 401 refreshes the session;
 * if the session is over, the queue pauses until its owner signs in again. Only one tab pushes
 * at a time (a Web Lock; a localStorage lease where Web Locks are missing).
 */
import { liveQuery, type Subscription } from 'dexie';
import { toApiError } from './api-error.ts';
import { localDb, type Application, type OutboxItem, type OutboxMutationType } from './local-db.ts';
import { retryDelayMs } from './outbox-backoff.ts';
import { rememberUnsentCount } from './outbox-lost.ts';
import { applyOverlay, isLocalApplication, localApplicationId, serverIdOf } from './outbox-overlay.ts';
import { updateOutboxStatus } from './outbox-status.ts';
import { outboxSyncTag, type OutboxPushReply } from './outbox-sync-tag.ts';
import { getAccessToken, refreshSession, sessionStore, type SessionUser } from './session.ts';
import { adoptOwner, checkForEviction, currentInstance, pullChanges, requestPersistentStorage } from './sync-pull.ts';

/** Items per POST /sync/push (the server takes up to 100). */
const batchSize = 20;

// ---------------------------------------------------------------------------------------------
// Queueing writes

/** The fields of a new application, as POST /applications takes them. */
export interface NewApplication {
  name: string;
  address: string;
  nid: string | number;
  phone?: string | null;
  nomineeName: string;
  relationship: string;
  healthConditions: string[];
  estimatedPremium: number | null;
  policyId: string;
}

export interface Queued {
  mutationId: string;
  /** The local row that shows the write (for a new application, its temporary id). */
  applicationId: string;
}

function signedInUser(): SessionUser {
  const user = sessionStore.get().user;
  // The spec's own message for a submission without a signed-in user.
  if (!user) throw new Error('User not authenticated.');
  return user;
}

async function queue(
  user: SessionUser,
  item: Pick<OutboxItem, 'type' | 'payload' | 'summary' | 'targetId' | 'preview'> & { mutationId?: string },
): Promise<Queued> {
  const mutationId = item.mutationId ?? crypto.randomUUID();
  await adoptOwner(user.id);
  await localDb.transaction('rw', [localDb.outbox, localDb.applications, localDb.meta], async () => {
    await localDb.outbox.add({
      mutationId,
      userId: user.id,
      type: item.type,
      payload: item.payload,
      summary: item.summary,
      targetId: item.targetId,
      preview: item.preview,
      state: 'queued',
      createdAt: new Date().toISOString(),
      attempts: 0,
      lastError: null,
      result: null,
      sentAt: null,
    });
    await applyOverlay(user.id);
  });
  // Writes made offline are worth keeping through storage pressure.
  void requestPersistentStorage();
  void registerBackgroundSync();
  void pushOutbox();
  return { mutationId, applicationId: item.targetId };
}

/**
 * Applies for a policy: queued at once (shown in My Applications as 'Waiting to send'), sent
 * now if the network allows, else later.
 */
export async function queueApplication(values: NewApplication): Promise<Queued> {
  const user = signedInUser();
  const mutationId = crypto.randomUUID();
  const policy = await localDb.policies.get(values.policyId);
  const policyName = policy?.title ?? 'Policy';
  const preview: Application = {
    id: localApplicationId(mutationId),
    name: values.name,
    email: user.email,
    userEmail: user.email,
    address: values.address,
    nid: String(values.nid),
    phone: values.phone ?? null,
    nomineeName: values.nomineeName,
    relationship: values.relationship,
    healthConditions: values.healthConditions,
    estimatedPremium: values.estimatedPremium,
    policyId: values.policyId,
    policyName,
    category: policy?.category ?? null,
    policyType: policy?.category ?? null,
    status: 'pending',
    paymentStatus: 'unpaid',
    assignedAgent: null,
    assignedAt: null,
    appliedAt: new Date().toISOString(),
    decidedAt: null,
    version: 0,
  };
  return queue(user, {
    mutationId,
    type: 'application.create',
    payload: { ...values } as Record<string, unknown>,
    summary: `Application for ${policyName}`,
    targetId: preview.id,
    preview,
  });
}

/**
 * Deletes one of the user's own pending applications. An application that never left this
 * device is simply taken out of the outbox (there is nothing to tell the server).
 */
export async function queueApplicationDelete(application: Pick<Application, 'id' | 'policyName' | 'pending'>): Promise<Queued | null> {
  const user = signedInUser();
  let id = application.id;
  if (isLocalApplication(id)) {
    const create = await localDb.outbox.where('mutationId').equals(application.pending?.mutationId ?? '').first();
    const serverId = create ? serverIdOf(create) : null;
    if (!create || create.state === 'refused') return null;
    if (create.state === 'queued') {
      await withdraw(create, user.id);
      return null;
    }
    if (!serverId) throw new Error('This application is being sent. Please try again in a moment.');
    id = serverId;
  }
  const already = await findQueued(user.id, 'application.delete', id);
  if (already) return { mutationId: already.mutationId, applicationId: id };
  return queue(user, { type: 'application.delete', payload: { id }, summary: `Delete the application for ${application.policyName}`, targetId: id, preview: null });
}

/** An agent approves or rejects a claim assigned to them. */
export async function queueDecision(
  application: Pick<Application, 'id' | 'name' | 'policyName'>,
  decision: 'approved' | 'rejected',
): Promise<Queued> {
  const user = signedInUser();
  const already = await findQueued(user.id, 'application.decide', application.id);
  if (already) return { mutationId: already.mutationId, applicationId: application.id };
  const verb = decision === 'approved' ? 'Approve' : 'Reject';
  return queue(user, {
    type: 'application.decide',
    payload: { id: application.id, status: decision },
    summary: `${verb} the claim of ${application.name} (${application.policyName})`,
    targetId: application.id,
    preview: null,
  });
}

async function findQueued(userId: string, type: OutboxMutationType, targetId: string) {
  return localDb.outbox
    .where('userId')
    .equals(userId)
    .filter((item) => item.type === type && item.targetId === targetId && item.state !== 'refused')
    .first();
}

/** Takes a write that was never sent out of the outbox (the user undid it). */
async function withdraw(item: OutboxItem, owner: string) {
  await localDb.transaction('rw', [localDb.outbox, localDb.applications, localDb.meta], async () => {
    const current = await localDb.outbox.get(item.seq!);
    if (current?.state !== 'queued') throw new Error('This application is being sent. Please try again in a moment.');
    await localDb.outbox.delete(item.seq!);
    await applyOverlay(owner);
  });
}

/** The user has read a refusal (or a write of theirs that can no longer be sent): forget it. */
export async function dismissProblem(mutationId: string): Promise<void> {
  await localDb.transaction('rw', [localDb.outbox, localDb.applications, localDb.meta], async () => {
    const item = await localDb.outbox.where('mutationId').equals(mutationId).first();
    if (!item || item.state !== 'refused') return;
    await localDb.outbox.delete(item.seq!);
    await applyOverlay(sessionStore.get().user?.id ?? null);
  });
}

/** How many of a user's writes wait to be sent, and how many were refused (sign-out warning). */
export async function countUnsent(userId: string): Promise<{ waiting: number; refused: number }> {
  const items = await localDb.outbox.where('userId').equals(userId).toArray();
  return {
    waiting: items.filter((item) => item.state === 'queued').length,
    refused: items.filter((item) => item.state === 'refused').length,
  };
}

/** Sign-out (after the warning): the user's writes go with the rest of their local data. */
export async function clearOutboxOf(userId: string): Promise<void> {
  await localDb.outbox.where('userId').equals(userId).delete();
}

// ---------------------------------------------------------------------------------------------
// Waiting for the server's answer (online, a screen can show it in place)

export type ServerAnswer =
  | { state: 'sent'; status: number; body: unknown }
  | { state: 'queued' }
  | { state: 'refused'; status: number; body: unknown; reason: string };

/** Mutation ids whose refusal a screen shows itself (no second message from the outbox). */
const answeredInPlace = new Set<string>();

/**
 * Waits a little for the server to answer a queued write, so that online the screen behaves
 * as a direct request would: 'sent' with the server's answer, or 'refused' with its reason (the
 * write then leaves the outbox: the screen shows the refusal, e.g. a form's field errors, and
 * the user can correct and resend). Offline, or when the answer takes longer, 'queued': the
 * write stays in the outbox and is sent later.
 */
export async function awaitServerAnswer(mutationId: string, timeoutMs = 10_000): Promise<ServerAnswer> {
  if (!navigator.onLine) return { state: 'queued' };
  answeredInPlace.add(mutationId);
  try {
    const item = await new Promise<OutboxItem | undefined>((resolve) => {
      const timer = setTimeout(() => finish(undefined), timeoutMs);
      const subscription = liveQuery(() => localDb.outbox.where('mutationId').equals(mutationId).first()).subscribe({
        next: (current) => {
          if (!current || current.state !== 'queued') finish(current);
        },
        error: () => finish(undefined),
      });
      function finish(value: OutboxItem | undefined) {
        clearTimeout(timer);
        // Unsubscribing inside the first callback must wait until subscribe() has returned.
        queueMicrotask(() => subscription.unsubscribe());
        resolve(value);
      }
    });
    if (!item || item.state === 'queued') return { state: 'queued' };
    if (item.state === 'refused') {
      await localDb.transaction('rw', [localDb.outbox, localDb.applications, localDb.meta], async () => {
        await localDb.outbox.delete(item.seq!);
        await applyOverlay(sessionStore.get().user?.id ?? null);
      });
      return { state: 'refused', status: item.result?.status ?? 400, body: item.result?.body ?? null, reason: item.result?.reason ?? 'Refused by the server' };
    }
    return { state: 'sent', status: item.result?.status ?? 200, body: item.result?.body ?? null };
  } finally {
    answeredInPlace.delete(mutationId);
  }
}

// ---------------------------------------------------------------------------------------------
// Refusals, for the screen that tells the user

export interface Refusal {
  mutationId?: string;
  summary: string;
  reason: string;
}
const refusalListeners = new Set<(refusal: Refusal) => void>();
export function onRefused(listener: (refusal: Refusal) => void) {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

// ---------------------------------------------------------------------------------------------
// Pushing

interface PushAnswer {
  mutationId: string;
  result: 'applied' | 'duplicate' | 'refused';
  status: number;
  body?: unknown;
  reason?: string;
  current?: unknown;
}

export interface PushOutcome {
  /** Nothing is left that could have been sent now (a failure will be retried). */
  ok: boolean;
}

type BatchOutcome =
  | { kind: 'answered'; answers: PushAnswer[] }
  | { kind: 'retry-later'; error: string; retryAfterMs?: number }
  | { kind: 'session-ended' }
  | { kind: 'bad-request'; status: number; reason: string };

let backoffAttempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRetry(retryAfterMs?: number) {
  clearTimeout(retryTimer);
  const delay = Math.max(retryAfterMs ?? 0, retryDelayMs(backoffAttempt));
  backoffAttempt = Math.min(backoffAttempt + 1, 16);
  retryTimer = setTimeout(() => void pushOutbox(), delay);
}

function resetBackoff() {
  backoffAttempt = 0;
  clearTimeout(retryTimer);
  retryTimer = undefined;
}

async function sendBatch(items: OutboxItem[], token: string): Promise<BatchOutcome> {
  let res: Response;
  try {
    res = await fetch('/sync/push', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ mutations: items.map(({ mutationId, type, payload }) => ({ mutationId, type, payload })) }),
    });
  } catch {
    return { kind: 'retry-later', error: 'No connection' };
  }
  if (res.status === 401) return { kind: 'session-ended' };
  if (res.status >= 500 || res.status === 429 || res.status === 408) {
    const retryAfter = Number(res.headers.get('retry-after'));
    return { kind: 'retry-later', error: `The server is not available (${res.status})`, retryAfterMs: retryAfter > 0 ? retryAfter * 1000 : undefined };
  }
  if (!res.ok) {
    const error = await toApiError(res);
    return { kind: 'bad-request', status: res.status, reason: error.message };
  }
  try {
    const data = (await res.json()) as { results?: PushAnswer[]; mutations?: PushAnswer[] } | PushAnswer[];
    const answers = Array.isArray(data) ? data : (data.results ?? data.mutations ?? []);
    if (!Array.isArray(answers)) throw new Error('no answers');
    return { kind: 'answered', answers };
  } catch {
    // A cut-off answer: the server may have applied the batch. Sending it again is safe.
    return { kind: 'retry-later', error: 'The answer from the server was incomplete' };
  }
}

/** Puts a row the server just answered with into the local copy, if that copy is this user's. */
async function adoptServerRow(item: OutboxItem, answer: PushAnswer) {
  const body = answer.body as { application?: Application } | null | undefined;
  if (item.type === 'application.delete') await localDb.applications.delete(item.targetId);
  else if (body?.application?.id) await localDb.applications.put(body.application);
}

async function recordAnswers(user: SessionUser, items: OutboxItem[], answers: PushAnswer[]): Promise<{ sent: number; refused: Refusal[] }> {
  const byId = new Map(answers.map((answer) => [answer.mutationId, answer]));
  const refused: Refusal[] = [];
  let sent = 0;
  await localDb.transaction('rw', [localDb.outbox, localDb.applications, localDb.meta], async () => {
    const ownCopy = (await localDb.meta.get('sync-owner'))?.value === user.id;
    for (const item of items) {
      const answer = byId.get(item.mutationId);
      if (!answer) continue;
      const accepted = answer.result !== 'refused' && answer.status < 400;
      const reason = accepted ? null : (answer.reason ?? (answer.body as { message?: string } | null)?.message ?? `Refused by the server (${answer.status})`);
      const result = { status: answer.status, reason, body: answer.body ?? null, current: answer.current ?? null };
      if (accepted) {
        sent++;
        await localDb.outbox.update(item.seq!, { state: 'sent', sentAt: Date.now(), result, lastError: null });
        if (ownCopy) await adoptServerRow(item, answer);
      } else {
        refused.push({ mutationId: item.mutationId, summary: item.summary, reason: reason! });
        await localDb.outbox.update(item.seq!, { state: 'refused', result, lastError: null });
      }
    }
    if (ownCopy) await applyOverlay(user.id);
  });
  return { sent, refused };
}

async function markRefused(item: OutboxItem, status: number, reason: string) {
  await localDb.transaction('rw', [localDb.outbox, localDb.applications, localDb.meta], async () => {
    await localDb.outbox.update(item.seq!, { state: 'refused', result: { status, reason, body: null, current: null } });
    await applyOverlay(sessionStore.get().user?.id ?? null);
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
  updateOutboxStatus({ pausedForSignIn: false });
  let refreshedOnce = false;
  let sentAny = false;
  // After a batch the server refused as a whole: send one at a time to find the bad item.
  let singlesLeft = 0;
  try {
    for (;;) {
      // The session may change while we push: never send one user's writes with another's token.
      if (sessionStore.get().user?.id !== user.id) return { ok: true };
      const items = (await localDb.outbox.where('userId').equals(user.id).sortBy('seq'))
        .filter((item) => item.state === 'queued')
        .slice(0, singlesLeft > 0 ? 1 : batchSize);
      if (items.length === 0) return { ok: true };
      if (!navigator.onLine) return { ok: false };

      updateOutboxStatus({ pushing: true });
      const outcome = await sendBatch(items, token);
      if (outcome.kind === 'session-ended') {
        // Expired access token: renew it once and go on. If the session is over, wait for
        // the owner to sign in again; the writes stay.
        const renewed = !refreshedOnce && (await refreshSession());
        refreshedOnce = true;
        const next = getAccessToken();
        if (renewed && next && next !== token && sessionStore.get().user?.id === user.id) {
          token = next;
          continue;
        }
        updateOutboxStatus({ pausedForSignIn: sessionStore.get().status !== 'signed-in' });
        if (sessionStore.get().status === 'signed-in') scheduleRetry();
        return { ok: sessionStore.get().status !== 'signed-in' };
      }
      if (outcome.kind === 'retry-later') {
        await noteFailure(items, outcome.error);
        scheduleRetry(outcome.retryAfterMs);
        void registerBackgroundSync();
        return { ok: false };
      }
      if (outcome.kind === 'bad-request') {
        if (items.length > 1) {
          singlesLeft = items.length;
          continue;
        }
        await markRefused(items[0]!, outcome.status, outcome.reason);
        notifyRefused([{ mutationId: items[0]!.mutationId, summary: items[0]!.summary, reason: outcome.reason }]);
        singlesLeft = Math.max(0, singlesLeft - 1);
        continue;
      }
      const { sent, refused } = await recordAnswers(user, items, outcome.answers);
      if (sent > 0) sentAny = true;
      notifyRefused(refused);
      if (sent + refused.length === 0) {
        // The server answered none of them: do not spin; try again later.
        await noteFailure(items, 'The server did not answer for these changes');
        scheduleRetry();
        return { ok: false };
      }
      singlesLeft = Math.max(0, singlesLeft - items.length);
      resetBackoff();
    }
  } finally {
    updateOutboxStatus({ pushing: false });
    // Let the server's truth replace the optimistic rows (and settle what was sent).
    if (sentAny) void pullChanges();
  }
}

function notifyRefused(refused: Refusal[]) {
  for (const refusal of refused) {
    if (refusal.mutationId && answeredInPlace.has(refusal.mutationId)) continue;
    refusalListeners.forEach((listener) => listener(refusal));
  }
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
        outcome = await withPushLock(pushAll);
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

// ---------------------------------------------------------------------------------------------
// One tab at a time

const leaseKey = 'outbox-push-lease';
const leaseMs = 15_000;
const tabId = crypto.randomUUID();

async function withPushLock(push: () => Promise<PushOutcome>): Promise<PushOutcome> {
  if (navigator.locks?.request) return navigator.locks.request('outbox-push', push);
  return withLease(push);
}

/**
 * Where Web Locks are missing: a lease in localStorage, renewed while pushing. Two tabs can
 * still race in a narrow window; the mutation ids make that harmless (the server answers the
 * second send 'duplicate'), the lease only avoids the waste.
 */
async function withLease(push: () => Promise<PushOutcome>): Promise<PushOutcome> {
  const read = () => {
    try {
      return JSON.parse(localStorage.getItem(leaseKey) ?? 'null') as { tab: string; until: number } | null;
    } catch {
      return null;
    }
  };
  const held = read();
  if (held && held.tab !== tabId && held.until > Date.now()) {
    // Another tab is pushing and will see our items too (they share the database).
    scheduleRetry();
    return { ok: true };
  }
  const write = () => localStorage.setItem(leaseKey, JSON.stringify({ tab: tabId, until: Date.now() + leaseMs }));
  write();
  const renew = setInterval(write, leaseMs / 3);
  try {
    return await push();
  } finally {
    clearInterval(renew);
    if (read()?.tab === tabId) localStorage.removeItem(leaseKey);
  }
}

// ---------------------------------------------------------------------------------------------
// Background Sync

async function registerBackgroundSync() {
  try {
    if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync?: { register(tag: string): Promise<void> };
    };
    await registration.sync?.register(outboxSyncTag);
  } catch {
    // Not supported (Safari, Firefox) or not allowed: the other triggers cover it.
  }
}

// ---------------------------------------------------------------------------------------------
// Start-up

let started = false;

/** Wires the triggers and the header's counts; called once when the app starts. */
export function startOutbox(): void {
  if (started) return;
  started = true;

  void checkForEviction();
  let counts: Subscription | undefined;
  let watchedUser: string | null | undefined;
  const watch = () => {
    const userId = sessionStore.get().user?.id ?? null;
    if (userId === watchedUser) return;
    watchedUser = userId;
    counts?.unsubscribe();
    counts = liveQuery(async () => ({ items: await localDb.outbox.toArray(), instance: await currentInstance() })).subscribe({
      next: ({ items, instance }) => {
        const queued = items.filter((item) => item.state === 'queued');
        // Only about a database known to this device (not a fresh one after an eviction).
        if (instance) rememberUnsentCount(instance, queued.length);
        updateOutboxStatus({
          // Signed out after a session ended by itself: the writes wait for their owner, and
          // the header says so (the explicit sign-out asks first and clears them).
          waiting: userId ? queued.filter((item) => item.userId === userId).length : queued.length,
          problems: items.filter((item) => item.state === 'refused' && item.userId === userId).length,
          pausedForSignIn: !userId && queued.length > 0,
        });
      },
      error: (error) => console.error('Outbox status failed', error),
    });
    // A user who signs (back) in gets their writes sent.
    if (userId) void pushOutbox();
  };
  watch();
  sessionStore.subscribe(watch);

  window.addEventListener('online', () => {
    resetBackoff();
    void pushOutbox();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void pushOutbox();
  });
  // The service worker's Background Sync asks an open page to push, and waits for the answer.
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
    if (event.data?.type !== outboxSyncTag) return;
    const port = event.ports[0];
    void pushOutbox().then((outcome) => port?.postMessage({ ok: outcome.ok } satisfies OutboxPushReply));
  });
}
