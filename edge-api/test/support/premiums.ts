/**
 * Policies in force for the premium tests (issue 49): the catalogue policy and an approved, paid
 * application whose cover began `startedDaysAgo` days ago. The app's day is the server's clock;
 * a test "moves the clock" by moving the policy's start back (as rate-limits.test.ts moves a
 * window's start), so the same test runs on both runtimes.
 */
import { applicationRow, policyRow } from '../../src/seed/factories.ts';
import type { PremiumMode } from '../../src/schemas/premium-schedule.ts';
import { insertRow } from './rows.ts';
import type { ApiTarget } from './target.ts';
import type { TestUser } from './users.ts';

const dayMs = 86_400_000;
let made = 0;

export interface PolicyInForceOptions {
  startedDaysAgo?: number;
  mode?: PremiumMode;
  termYears?: number;
  /** The certificate's monthly premium, poisha. */
  monthlyMinor?: number;
  agent?: TestUser | null;
}

export async function insertPolicyInForce(api: ApiTarget, owner: TestUser, options: PolicyInForceOptions = {}) {
  made += 1;
  const policy = policyRow({ id: `premium-policy-${made}-${Math.random().toString(36).slice(2, 8)}`, duration: options.termYears ?? 5 });
  await insertRow(api, 'policies', policy);
  const startedAt = new Date(Date.now() - (options.startedDaysAgo ?? 0) * dayMs).toISOString();
  const row = applicationRow(owner, {
    policy_id: policy.id,
    policy_name: policy.title,
    estimated_premium: options.monthlyMinor ?? 50_000,
    status: 'approved',
    payment_status: 'paid',
    assigned_agent: options.agent?.email ?? null,
    assigned_at: options.agent ? startedAt : null,
    decided_at: startedAt,
    applied_at: startedAt,
    paid_at: startedAt,
    receipt_number: `RC-PREM-${made}`,
    paid_amount_minor: 5000,
    paid_currency: 'bdt',
    paid_method: 'demo',
    paid_provider: 'demo',
    paid_transaction_id: `demo_pi_prem_${made}_${Math.random().toString(36).slice(2, 8)}`,
    policy_number: `BD-PREM${String(made).padStart(4, '0')}${Math.random().toString(16).slice(2, 6).toUpperCase()}`,
    verify_code: Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(''),
    premium_mode: options.mode ?? 'monthly',
  });
  await insertRow(api, 'applications', row);
  return { policy, application: row, id: row.id };
}

/** Marks the first `count` dues of a policy paid in the database (a test about what follows). */
export async function markDuesPaid(api: ApiTarget, applicationId: string, count: number) {
  await api.sql(
    `UPDATE premium_dues SET paid_at = ?, receipt_id = 'test-receipt' WHERE application_id = ? AND seq < ?`,
    new Date().toISOString(),
    applicationId,
    count,
  );
}
