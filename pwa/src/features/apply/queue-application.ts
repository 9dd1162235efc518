/**
 * Queues an application in the offline outbox, with the row My Applications shows for it at
 * once ('Waiting to send') until the server's own row replaces it.
 */
import type { ApplicationInput } from 'edge-api/src/schemas/application.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { localDb, type Application } from '../../lib/local-db.ts';
import { enqueue, signedInUser, type Queued } from '../../lib/offline/queue.ts';
import { localApplicationId } from '../../lib/outbox-overlay.ts';
import { dropDocumentsOf, stashDocuments, type ChosenDocument } from '../../lib/documents/pending.ts';
import { documentKindLabel } from '../../components/document-labels.ts';
import { policyText } from '../../components/policy-text.ts';

/** Queues the application; its documents are kept on the device with it, tied to its mutation id. */
export async function queueApplication(values: ApplicationInput, documents: ChosenDocument[] = []): Promise<Queued> {
  const user = signedInUser();
  const mutationId = crypto.randomUUID();
  const policy = await localDb.policies.get(values.policyId);
  const policyName = policy?.title ?? 'Policy';
  // Words for this person (the outbox, the documents' summaries) name it in the page's language.
  const shownName = policy ? policyText(policy).title : policyName;
  const preview: Application = {
    id: localApplicationId(mutationId),
    name: values.name,
    email: user.email,
    userEmail: user.email,
    address: values.address,
    nid: String(values.nid),
    phone: values.phone ?? null,
    nomineeName: values.nomineeName,
    nomineeNid: values.nomineeNid,
    relationship: values.relationship,
    healthConditions: values.healthConditions,
    estimatedPremium: values.estimatedPremium,
    policyId: values.policyId,
    policyName,
    policyNameBn: policy?.titleBn ?? null,
    coveragePoisha: values.quote?.coverage ?? null,
    premiumMode: values.premiumMode,
    category: policy?.category ?? null,
    policyType: policy?.category ?? null,
    status: 'pending',
    paymentStatus: 'unpaid',
    assignedAgent: null,
    assignedAt: null,
    appliedAt: new Date().toISOString(),
    decidedAt: null,
    dateOfBirth: values.dateOfBirth,
    rejectionReason: null,
    rejectionNote: null,
    version: 0,
  };
  await stashDocuments(
    {
      userId: user.id,
      writeId: mutationId,
      targetId: preview.id,
      applicationId: null,
      summary: (kind) => t('documents.syncSummary', { document: documentKindLabel(kind), policy: shownName }),
    },
    documents,
  );
  try {
    return await enqueue(user, {
      mutationId,
    type: 'application.create',
    payload: { ...values } as Record<string, unknown>,
    summary: t('apply.outboxSummary', { policy: shownName }),
    targetId: preview.id,
      preview,
    });
  } catch (error) {
    await dropDocumentsOf(mutationId);
    throw error;
  }
}
