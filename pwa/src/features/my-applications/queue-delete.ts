/**
 * Queues the deletion of one of the user's own pending applications. An application that
 * never left this device is simply taken out of the outbox (there is nothing to tell the
 * server): null then.
 */
import { t } from '../../lib/i18n/runtime.ts';
import type { Application } from '../../lib/local-db.ts';
import { findItem } from '../../lib/offline/outbox-store.ts';
import { enqueue, findQueued, signedInUser, withdraw, type Queued } from '../../lib/offline/queue.ts';
import { isLocalApplication, serverIdOf } from '../../lib/outbox-overlay.ts';
import { shownPolicyName } from '../../components/policy-text.ts';

const beingSent = 'This application is being sent. Please try again in a moment.';

export async function queueApplicationDelete(application: Pick<Application, 'id' | 'policyName' | 'pending'>): Promise<Queued | null> {
  const user = signedInUser();
  let id = application.id;
  if (isLocalApplication(id)) {
    const create = await findItem(application.pending?.mutationId ?? '');
    const serverId = create ? serverIdOf(create) : null;
    if (!create || create.state === 'refused') return null;
    if (create.state === 'queued') {
      if (!(await withdraw(create, user.id))) throw new Error(beingSent);
      return null;
    }
    if (!serverId) throw new Error(beingSent);
    id = serverId;
  }
  const already = await findQueued(user.id, 'application.delete', id);
  if (already) return { mutationId: already.mutationId, targetId: id };
  return enqueue(user, { type: 'application.delete', payload: { id }, summary: t('apps.outboxDelete', { policy: shownPolicyName(application) }), targetId: id, preview: null });
}
