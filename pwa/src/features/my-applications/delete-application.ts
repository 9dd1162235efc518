/**
 * Deletes one of the user's own pending applications: the ONE place the screens call for it,
 * routed through the offline outbox (lib/offline/) with a client-made mutation id, so a
 * repeated send counts once. Online the server's answer comes back within moments (a refusal
 * is thrown as before); offline the row stays, marked 'Waiting to send', until it is sent.
 */
import { ApiRequestError, type ApiErrorBody } from '../../lib/api-error.ts';
import { localDb } from '../../lib/local-db.ts';
import { awaitServerAnswer } from '../../lib/offline/answers.ts';
import { queueApplicationDelete } from './queue-delete.ts';

/**
 * Resolves 'queued' when the deletion waits to be sent (offline), 'slow' when it waits because
 * the server did not answer in time, else 'deleted'.
 */
export async function deleteApplication(id: string): Promise<'deleted' | 'queued' | 'slow'> {
  const row = await localDb.applications.get(id);
  const queued = await queueApplicationDelete(row ?? { id, policyName: 'this policy' });
  // An application that had never left the device: taking it out of the outbox deleted it.
  if (!queued) return 'deleted';
  const answer = await awaitServerAnswer(queued.mutationId);
  if (answer.state === 'refused') {
    // Already gone on the server: the local copy must not show it any more either.
    if (answer.status === 404) await localDb.applications.delete(id);
    throw new ApiRequestError(answer.status, answer.body as ApiErrorBody | null);
  }
  if (answer.state === 'sent') return 'deleted';
  return answer.offline ? 'queued' : 'slow';
}

/** True when the server says the application does not exist (any more). */
export const isAlreadyGone = (error: unknown) => error instanceof ApiRequestError && error.status === 404;
