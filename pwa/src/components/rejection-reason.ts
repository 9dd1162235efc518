import type { RejectionReason } from 'edge-api/src/schemas/eligibility.ts';
import { t, type MessageId } from '../lib/i18n/runtime.ts';

/** A label for each reason of the shared schema: a new reason fails type-check until it has one. */
const reasons: Record<RejectionReason, MessageId> = {
  age: 'rejection.age',
  health: 'rejection.health',
  documents: 'rejection.documents',
  mismatch: 'rejection.mismatch',
  other: 'rejection.other',
};

/** Why an application was rejected, as the agent chose it and the customer reads it. */
export const rejectionReasonLabel = (reason: string) =>
  Object.hasOwn(reasons, reason) ? t(reasons[reason as RejectionReason]) : reason;
