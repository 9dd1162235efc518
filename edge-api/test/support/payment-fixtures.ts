/**
 * Applications to pay for, made directly in the database (a policy from the factory, then
 * an applications row), so payment tests do not depend on the application routes; and the
 * calls both payment suites (Stripe and demo) make.
 */
import { expect } from 'vitest';
import { policyRow } from '../../src/seed/factories.ts';
import { insertRow } from './rows.ts';
import type { ApiTarget } from './target.ts';
import type { TestUser } from './users.ts';

/** The answer of POST /create-payment-intent (routes/payments.ts). */
export interface IntentAnswer {
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
  status: string;
  mode: string;
  publishableKey: string | null;
  demoCardNumber: string | null;
}

/** A JSON POST as `user` (or as a visitor); the raw Response, for tests that check status and body. */
export const post = (api: ApiTarget, path: string, body: unknown, user?: TestUser) =>
  api.fetch(path, {
    method: 'POST',
    headers: user ? user.headers : { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

export interface TestApplication {
  id: string;
  policyName: string;
}

export async function createApplicationFor(
  api: ApiTarget,
  owner: TestUser,
  overrides: { status?: string; payment_status?: string } = {},
): Promise<TestApplication> {
  const policy = policyRow();
  await insertRow(api, 'policies', policy);
  const id = `application-${crypto.randomUUID()}`;
  await insertRow(api, 'applications', {
    id,
    user_id: owner.id,
    user_email: owner.email,
    name: owner.name,
    address: 'House 12, Road 5, Dhanmondi, Dhaka',
    nid: '1990123456789',
    nominee_name: 'Nominee Name',
    relationship: 'Spouse',
    policy_id: policy.id,
    policy_name: policy.title,
    applied_at: new Date().toISOString(),
    ...overrides,
  });
  return { id, policyName: policy.title };
}

/** The payment the API answers with once it recorded `transactionId` for `application` of `owner`. */
export const expectedPayment = (application: TestApplication, owner: TestUser, transactionId: string, provider: 'demo' | 'stripe') => ({
  applicationId: application.id,
  transactionId,
  provider,
  amountMinor: 5000,
  currency: 'bdt',
  email: owner.email,
  policyName: application.policyName,
});

/** What a payment left behind, for asserting "recorded exactly once" or "nothing recorded". */
export async function paymentTrail(api: ApiTarget, applicationId: string) {
  const [application] = await api.sql<{ payment_status: string }>(
    'SELECT payment_status FROM applications WHERE id = ?',
    applicationId,
  );
  const payments = await api.sql<{
    transaction_id: string;
    amount_minor: number;
    currency: string;
    provider: string;
    email: string;
    policy_name: string;
    paid_at: string;
  }>('SELECT * FROM payments WHERE application_id = ?', applicationId);
  const audits = await api.sql<{ actor_id: string; action: string; from_value: string; to_value: string }>(
    "SELECT * FROM audit_log WHERE entity = 'applications' AND entity_id = ? AND action = 'application.pay'",
    applicationId,
  );
  return { paymentStatus: application?.payment_status, payments, audits };
}

/** Asserts that the payment was recorded exactly once (the application paid, one payment row, one audit entry); returns the trail. */
export async function expectPaidOnce(api: ApiTarget, applicationId: string) {
  const trail = await paymentTrail(api, applicationId);
  expect(trail.paymentStatus).toBe('paid');
  expect(trail.payments).toHaveLength(1);
  expect(trail.audits).toHaveLength(1);
  return trail;
}
