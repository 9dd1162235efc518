/**
 * A policyholder's request for a change (issue 51), sent through the outbox like every other
 * write: asked offline, it is sent once when the network returns (sync push
 * 'service-request.create', carrying its mutation id). A nominee change's photo of the new
 * nominee's NID is stashed with that mutation id and goes up after it, to the policy, through
 * the documents' resumable upload (lib/documents/uploader.ts): once, however often it is retried.
 */
import type { ServiceRequestBody } from 'edge-api/src/schemas/service-request.ts';
import { ApiRequestError, type ApiErrorBody } from '../../lib/api-error.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { awaitServerAnswer } from '../../lib/offline/answers.ts';
import { enqueue, signedInUser } from '../../lib/offline/queue.ts';
import { dropDocumentsOf, stashDocuments, type ChosenDocument } from '../../lib/documents/pending.ts';

export type RequestOutcome = 'sent' | 'queued' | 'slow';

export async function requestChange(body: ServiceRequestBody, policyName: string, photos: ChosenDocument[] = []): Promise<RequestOutcome> {
  const mutationId = crypto.randomUUID();
  const user = signedInUser();
  await stashDocuments(
    { userId: user.id, writeId: mutationId, targetId: body.applicationId, applicationId: body.applicationId, summary: () => t('service.photoSummary', { policy: policyName }) },
    photos,
  );
  try {
    return await queueRequest(body, policyName, mutationId);
  } catch (failure) {
    // Refused at once: its photo goes with it.
    await dropDocumentsOf(mutationId);
    throw failure;
  }
}

async function queueRequest(body: ServiceRequestBody, policyName: string, mutationId: string): Promise<RequestOutcome> {
  await enqueue(signedInUser(), {
    mutationId,
    type: 'service-request.create',
    payload: body as unknown as Record<string, unknown>,
    summary: t('service.outboxSummary', { policy: policyName }),
    targetId: mutationId,
    preview: null,
  });
  const answer = await awaitServerAnswer(mutationId);
  if (answer.state === 'refused') throw new ApiRequestError(answer.status, answer.body as ApiErrorBody | null);
  if (answer.state === 'queued') return answer.offline ? 'queued' : 'slow';
  return 'sent';
}
