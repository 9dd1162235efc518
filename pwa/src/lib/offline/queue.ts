/**
 * The outbox queue: writes made on this device wait here, durably in IndexedDB, until the
 * server has them. They show at once (the local marks, see outbox-overlay.ts) and are pushed in
 * order by push-engine.ts. What a write means is the caller's business (the features build
 * their own items); this module only keeps them.
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
 */
import { localDb, type OutboxItem, type OutboxMutationType } from '../local-db.ts';
import { localEffects } from '../outbox-overlay.ts';
import { sessionStore, type SessionUser } from '../session.ts';
import { adoptOwner, requestPersistentStorage } from '../sync-pull.ts';
import { registerBackgroundSync } from './background-sync.ts';
import { findItem, outboxTables } from './outbox-store.ts';
import { pushOutbox } from './push-engine.ts';

export interface Queued {
  mutationId: string;
  /** The local row that shows the write (for a new row, its temporary id). */
  targetId: string;
}

export type NewItem = Pick<OutboxItem, 'type' | 'payload' | 'summary' | 'targetId' | 'preview' | 'claimPreview'> & { mutationId?: string };


export function signedInUser(): SessionUser {
  const user = sessionStore.get().user;
  // The spec's own message for a submission without a signed-in user.
  if (!user) throw new Error('User not authenticated.');
  return user;
}

/** Queues a write of `user`'s, shows it on the local rows, and starts sending it. */
export async function enqueue(user: SessionUser, item: NewItem): Promise<Queued> {
  const mutationId = item.mutationId ?? crypto.randomUUID();
  await adoptOwner(user.id);
  await localDb.transaction('rw', outboxTables(), async () => {
    await localDb.outbox.add({
      mutationId,
      userId: user.id,
      type: item.type,
      payload: item.payload,
      summary: item.summary,
      targetId: item.targetId,
      preview: item.preview,
      ...(item.claimPreview ? { claimPreview: item.claimPreview } : {}),
      state: 'queued',
      createdAt: new Date().toISOString(),
      attempts: 0,
      lastError: null,
      result: null,
      sentAt: null,
    });
    await localEffects.refreshMarks(user.id);
  });
  // Writes made offline are worth keeping through storage pressure.
  void requestPersistentStorage();
  void registerBackgroundSync();
  void pushOutbox();
  return { mutationId, targetId: item.targetId };
}

/** A write of this kind on this row that still waits (or was sent), to not queue it twice. */
export async function findQueued(userId: string, type: OutboxMutationType, targetId: string) {
  return localDb.outbox
    .where('userId')
    .equals(userId)
    .filter((item) => item.type === type && item.targetId === targetId && item.state !== 'refused')
    .first();
}


/**
 * Takes a write that was never sent out of the outbox (the user undid it). False when it is
 * already on its way (the caller tells the user to try again in a moment).
 */
export async function withdraw(item: OutboxItem, owner: string): Promise<boolean> {
  return localDb.transaction('rw', outboxTables(), async () => {
    const current = await localDb.outbox.get(item.seq!);
    if (current?.state !== 'queued') return false;
    await localDb.outbox.delete(item.seq!);
    await localEffects.refreshMarks(owner);
    return true;
  });
}

/** The user has read a refusal (or a write of theirs that can no longer be sent): forget it. */
export async function dismissProblem(mutationId: string): Promise<void> {
  await localDb.transaction('rw', outboxTables(), async () => {
    const item = await findItem(mutationId);
    if (!item || item.state !== 'refused') return;
    await localDb.outbox.delete(item.seq!);
    await localEffects.refreshMarks(sessionStore.get().user?.id ?? null);
  });
}

/** How many of a user's writes wait to be sent, and how many were refused (sign-out warning). */
export async function countUnsent(userId: string): Promise<{ waiting: number; refused: number }> {
  const items = await localDb.outbox.where('userId').equals(userId).toArray();
  // Documents (issue 27) still to go up after their write count as waiting changes too.
  const documents = await localDb.pendingDocuments.where('userId').equals(userId).toArray();
  const queuedWrites = new Set(items.filter((item) => item.state === 'queued').map((item) => item.mutationId));
  return {
    waiting: items.filter((item) => item.state === 'queued').length + documents.filter((doc) => doc.state === 'waiting' && !queuedWrites.has(doc.writeId)).length,
    refused: items.filter((item) => item.state === 'refused').length + documents.filter((doc) => doc.state === 'refused').length,
  };
}

/** Sign-out (after the warning): the user's writes go with the rest of their local data. */
export async function clearOutboxOf(userId: string): Promise<void> {
  await localDb.outbox.where('userId').equals(userId).delete();
}
