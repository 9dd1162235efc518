/**
 * The words of insurance claims (issue 31): kinds, states, papers, timeline steps and payout
 * methods, each through the catalogue (ids `claims.*`), read when shown. Amounts are poisha.
 */
import type { ClaimDateProblem, ClaimKind, ClaimStatus, PayoutMethod, RequiredDocument } from 'edge-api/src/schemas/claim.ts';
import { eventDateBeforeStart, maturityBeforeTermEnd } from 'edge-api/src/schemas/claim.ts';
import { takaToPoisha } from 'edge-api/src/schemas/money.ts';
import type { ClaimStep } from 'edge-api/src/db/claims.ts';
import { formatDate } from '../../lib/i18n/format.ts';
import { fieldMessage } from '../../lib/i18n/field-messages.ts';
import { t, type MessageId } from '../../lib/i18n/runtime.ts';

const kinds: Record<ClaimKind, MessageId> = {
  death: 'claims.kind.death',
  hospitalisation: 'claims.kind.hospitalisation',
  disability: 'claims.kind.disability',
  maturity: 'claims.kind.maturity',
};
export const kindLabel = (kind: ClaimKind) => t(kinds[kind]);

const statuses: Record<ClaimStatus, MessageId> = {
  submitted: 'claims.status.submitted',
  assigned: 'claims.status.assigned',
  more_documents: 'claims.status.moreDocuments',
  approved: 'claims.status.approved',
  paid: 'claims.status.paid',
  rejected: 'claims.status.rejected',
};
export const statusLabel = (status: ClaimStatus) => t(statuses[status]);
export const statusTone: Record<ClaimStatus, string> = {
  submitted: 'info',
  assigned: 'info',
  more_documents: 'warn',
  approved: 'success',
  paid: 'success',
  rejected: 'danger',
};

const documents: Record<RequiredDocument, MessageId> = {
  'death-certificate': 'claims.doc.deathCertificate',
  'insured-nid': 'claims.doc.insuredNid',
  'claimant-nid': 'claims.doc.claimantNid',
  'discharge-paper': 'claims.doc.dischargePaper',
  'hospital-bills': 'claims.doc.hospitalBills',
  'disability-certificate': 'claims.doc.disabilityCertificate',
  'medical-report': 'claims.doc.medicalReport',
  'policy-document': 'claims.doc.policyDocument',
};
export const documentLabel = (document: RequiredDocument) => t(documents[document]);

const steps: Record<ClaimStep['step'], MessageId> = {
  filed: 'claims.step.filed',
  assigned: 'claims.step.assigned',
  note: 'claims.step.note',
  sent_back: 'claims.step.sentBack',
  resubmitted: 'claims.step.resubmitted',
  approved: 'claims.step.approved',
  rejected: 'claims.step.rejected',
  paid: 'claims.step.paid',
  policy_ended: 'claims.step.policyEnded',
};
export const stepLabel = (step: ClaimStep['step']) => t(steps[step]);

const methods: Record<PayoutMethod, MessageId> = { bkash: 'claims.method.bkash', nagad: 'claims.method.nagad', bank: 'claims.method.bank' };
export const methodLabel = (method: PayoutMethod) => t(methods[method]);

/** Taka typed by a person (Bengali digits too) as whole poisha, or null when it is no amount. */
export function poishaOf(typed: string): number | null {
  const ascii = typed.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6)).replace(/[,\s৳]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(ascii)) return null;
  return takaToPoisha(Number(ascii));
}

/**
 * A claim date's problem (schemas/claim.ts claimDateProblem, from the form or the server) in the
 * page's language, with the policy's start or its term's end when the rule is about one.
 */
export function dateProblemText(problem: ClaimDateProblem): string {
  const on = (day: string) => formatDate(`${day}T12:00:00Z`);
  if (problem.message === eventDateBeforeStart && problem.details?.policyStartedOn) return t('claims.dateBeforeStart', { date: on(problem.details.policyStartedOn) });
  if (problem.message === maturityBeforeTermEnd && problem.details?.termEndsOn) return t('claims.maturityFrom', { date: on(problem.details.termEndsOn) });
  return fieldMessage(problem.message);
}
