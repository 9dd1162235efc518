/**
 * The ONE way the application form sends an application. For now it POSTs /applications;
 * the offline layer replaces the inside with its outbox (queued while offline, replayed
 * later). The Idempotency-Key is made here, once per submission, so a replay of the same
 * submission can never create a second application.
 */
import { jsonOrThrow } from '../../lib/api-error.ts';
import { authFetch } from '../../lib/http.ts';

export const healthConditionChoices = ['Diabetes', 'High Blood Pressure', 'Heart Disease', 'Cancer', 'None of the Above'] as const;

/** The body of POST /applications (the applicant's email comes from the session, server-side). */
export interface ApplicationValues {
  policyId: string;
  name: string;
  address: string;
  nid: string;
  phone?: string;
  nomineeName: string;
  relationship: string;
  healthConditions: string[];
  estimatedPremium: number;
}

/** 'sent': the server has it. 'queued': kept on the device, to be sent when back online. */
export interface SubmitOutcome {
  status: 'sent' | 'queued';
}

/** Throws ApiRequestError when the server refuses it, TypeError when it cannot be reached. */
export async function submitApplication(values: ApplicationValues): Promise<SubmitOutcome> {
  const res = await authFetch('/applications', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(values),
  });
  await jsonOrThrow<unknown>(res);
  return { status: 'sent' };
}
