/**
 * Sends the contact form's message (issue 29). Loaded when the form is sent, not with the
 * prerendered page: signed in, the message goes through the outbox (the local database and the
 * sync engine), so written offline it is sent when the network returns; a visitor's goes
 * straight to the API, since only a signed-in person has an outbox the server accepts.
 */
import type { SupportMessageBody } from 'edge-api/src/schemas/support-message.ts';
import { ApiRequestError, answerOf, type ApiErrorBody } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { awaitServerAnswer } from '../../lib/offline/answers.ts';
import { enqueue } from '../../lib/offline/queue.ts';
import { sessionStore } from '../../lib/session.ts';

export type SupportOutcome = 'sent' | 'queued' | 'slow' | 'offline-visitor';

export async function sendSupportMessage(message: SupportMessageBody): Promise<SupportOutcome> {
  const user = sessionStore.get().user;
  if (!user) {
    if (!navigator.onLine) return 'offline-visitor';
    try {
      await answerOf(await api.support.$post({ json: message }));
      return 'sent';
    } catch (error) {
      if (error instanceof ApiRequestError) throw error;
      return 'offline-visitor';
    }
  }
  const mutationId = crypto.randomUUID();
  await enqueue(user, { mutationId, type: 'support.send', payload: message, summary: t('contact.outboxSummary'), targetId: mutationId, preview: null });
  const answer = await awaitServerAnswer(mutationId);
  if (answer.state === 'refused') throw new ApiRequestError(answer.status, answer.body as ApiErrorBody | null);
  if (answer.state === 'queued') return answer.offline ? 'queued' : 'slow';
  return 'sent';
}
