/**
 * The ONE way the application form sends an application: through the offline outbox
 * (lib/offline/). It is queued on the device at once, with a client-made mutation id, so a
 * replay can never create a second application; online, the server's answer comes back within
 * moments and the form shows it as before (field errors included); offline, or on a slow
 * network, it stays queued ('Waiting to send' in My Applications) and is sent later.
 */
import type { ApplicationInput } from 'edge-api/src/schemas/application.ts';
import { ApiRequestError, type ApiErrorBody } from '../../lib/api-error.ts';
import { awaitServerAnswer } from '../../lib/offline/answers.ts';
import { dropDocumentsOf, type ChosenDocument } from '../../lib/documents/pending.ts';
import { queueApplication } from './queue-application.ts';

/**
 * 'sent': the server has it. 'queued': kept on the device, to be sent when back online.
 * 'slow': kept on the device too, but the network is there: the server did not answer in time.
 */
export interface SubmitOutcome {
  status: 'sent' | 'queued' | 'slow';
}

/** Throws ApiRequestError when the server refuses it. */
export async function submitApplication(values: ApplicationInput, documents: ChosenDocument[] = []): Promise<SubmitOutcome> {
  const queued = await queueApplication(values, documents);
  const answer = await awaitServerAnswer(queued.mutationId);
  if (answer.state === 'refused') {
    // The form stays open with its pictures: sending again is a new write with new copies.
    await dropDocumentsOf(queued.mutationId);
    throw new ApiRequestError(answer.status, answer.body as ApiErrorBody | null);
  }
  if (answer.state === 'sent') return { status: 'sent' };
  return { status: answer.offline ? 'queued' : 'slow' };
}
