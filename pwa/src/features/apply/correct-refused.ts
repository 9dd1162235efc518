/**
 * An application the server refused after it waited in the outbox (issue 47: one queued by an
 * older app whose NID or phone the stricter rules now refuse) is not typed again from nothing:
 * from Sync problems, "Correct it" puts what was queued back into the Apply form as this user's
 * draft, with the server's reasons beside the fields, and forgets the refusal. The form is then
 * sent as a new write (a new mutation id), like any application.
 */
import type { ApplicationForm } from './application-rules.ts';
import { saveDraft } from './application-draft.ts';

/** What the Apply form is opened with (its navigation state, see apply-page.tsx). */
export interface CorrectionState {
  estimatedPremium?: number;
  policyId?: string;
  /** The server's field messages (English, the schemas' words): shown on the fields at once. */
  refusedFields?: Record<string, string>;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** The queued payload as the form holds it: text as typed, and the ticked conditions. */
export function formOfPayload(payload: Record<string, unknown>): ApplicationForm {
  return {
    policyId: text(payload.policyId),
    name: text(payload.name),
    address: text(payload.address),
    nid: text(payload.nid),
    dateOfBirth: text(payload.dateOfBirth),
    phone: text(payload.phone),
    nomineeName: text(payload.nomineeName),
    nomineeNid: text(payload.nomineeNid),
    relationship: text(payload.relationship),
    healthConditions: Array.isArray(payload.healthConditions) ? payload.healthConditions.filter((c): c is string => typeof c === 'string') : [],
  };
}

/**
 * Keeps the refused application as the user's draft and says how to open the form on it. The
 * caller forgets the refusal (lib/offline/queue.ts dismissProblem) and navigates.
 */
export function draftFromRefused(userId: string, payload: Record<string, unknown>, answer: unknown): CorrectionState {
  const form = formOfPayload(payload);
  const estimatedPremium = typeof payload.estimatedPremium === 'number' ? payload.estimatedPremium : null;
  saveDraft(userId, { form, nameTouched: true, estimatedPremium });
  const fields = (answer as { fields?: unknown } | null)?.fields;
  const refusedFields =
    fields && typeof fields === 'object'
      ? Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
      : undefined;
  return {
    ...(estimatedPremium !== null && { estimatedPremium }),
    ...(form.policyId && { policyId: form.policyId }),
    ...(refusedFields && { refusedFields }),
  };
}
