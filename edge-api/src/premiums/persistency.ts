/**
 * The admin statistics' premium figures (issue 49, docs/premiums-api.md): what was received this
 * Dhaka month, and the 13th-month persistency the regulator watches: of the policies that came in
 * force 12 to 13 months ago, the share still in force or in grace (their twelfth month's premium
 * paid, or its grace still running). The state is the shared rule's (`policyStanding`), from each
 * policy's first unpaid due: the only due the rule looks at.
 * Bounded: the receipts by their `paid_at` index over one month; the cohort by the indexes on
 * `applications.decided_at` and `applications.paid_at` (migration 0308) over one month, each
 * policy's first unpaid due by its (application_id, seq) key.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PremiumSettings } from '../http/config.ts';
import { dhakaDayOf, policyDatesOf } from '../schemas/claim.ts';
import { dhakaDayStartsAt, monthOf } from '../schemas/premium-report.ts';
import { addDays, addMonths, policyStanding, premiumSchedule, type PremiumDue, type PremiumMode } from '../schemas/premium-schedule.ts';

export interface PremiumStats {
  collectedThisMonthMinor: number;
  paymentsThisMonth: number;
  persistency: { started: number; inForce: number; share: number | null };
}

interface CohortRow {
  id: string;
  starts_at: string;
  premium_mode: PremiumMode;
  estimated_premium: number | null;
  duration: number | null;
  made: number;
  first_unpaid_id: string | null;
  first_unpaid_on: string | null;
}

export async function premiumStats(db: Kysely<Database>, now: Date, settings: PremiumSettings): Promise<PremiumStats> {
  const today = dhakaDayOf(now.toISOString());
  const month = monthOf(today);
  const received = (
    await sql<{ minor: number | null; n: number }>`
      SELECT SUM(amount_minor) AS minor, COUNT(*) AS n FROM premium_receipts
      WHERE paid_at >= ${dhakaDayStartsAt(month.from)} AND paid_at < ${dhakaDayStartsAt(addDays(month.to, 1))}`.execute(db)
  ).rows[0];
  return {
    collectedThisMonthMinor: Number(received?.minor ?? 0),
    paymentsThisMonth: Number(received?.n ?? 0),
    persistency: await persistency(db, today, settings),
  };
}

/**
 * The policies that came in force on a Dhaka day after 13 months ago and up to 12 months ago
 * (`today` 2026-11-28: from 2025-10-29 to 2025-11-28): their twelfth month's due has fallen.
 * A policy with no schedule (sold before premiums were kept) is not counted; nor is one whose
 * term has already ended (matured: it ended by design, not because its holder stopped paying).
 */
export async function persistency(db: Kysely<Database>, today: string, settings: PremiumSettings): Promise<PremiumStats['persistency']> {
  const start = dhakaDayStartsAt(addDays(addMonths(today, -13), 1));
  const end = dhakaDayStartsAt(addDays(addMonths(today, -12), 1));
  // The start is the later of approval and payment (db/papers.ts certificateOf): one of the two
  // falls in the window, which each index finds; the exact test follows.
  const rows = (
    await sql<CohortRow>`
      SELECT a.id, max(coalesce(a.decided_at, a.paid_at), a.paid_at) AS starts_at, a.premium_mode, a.estimated_premium, p.duration,
        EXISTS (SELECT 1 FROM premium_dues d WHERE d.application_id = a.id) AS made,
        (SELECT d.id FROM premium_dues d WHERE d.application_id = a.id AND d.paid_at IS NULL ORDER BY d.seq LIMIT 1) AS first_unpaid_id,
        (SELECT d.due_on FROM premium_dues d WHERE d.application_id = a.id AND d.paid_at IS NULL ORDER BY d.seq LIMIT 1) AS first_unpaid_on
      FROM applications a LEFT JOIN policies p ON p.id = a.policy_id
      WHERE ((a.decided_at >= ${start} AND a.decided_at < ${end}) OR (a.paid_at >= ${start} AND a.paid_at < ${end}))
        -- Unary plus: not by the status index (every approved policy ever), by the month's two above.
        AND +a.status = 'approved' AND +a.payment_status = 'paid' AND a.premium_mode IS NOT NULL
        AND a.policy_number IS NOT NULL AND a.verify_code IS NOT NULL AND a.paid_at IS NOT NULL
        AND max(coalesce(a.decided_at, a.paid_at), a.paid_at) >= ${start}
        AND max(coalesce(a.decided_at, a.paid_at), a.paid_at) < ${end}`.execute(db)
  ).rows;
  let started = 0;
  let inForce = 0;
  for (const row of rows) {
    const { startedOn, termEndsOn } = policyDatesOf(row.starts_at, row.duration ?? null);
    const standing = policyStanding(firstUnpaidDue(row, startedOn ?? dhakaDayOf(row.starts_at)), today, termEndsOn, settings);
    if (standing.state === 'matured') continue;
    started += 1;
    if (standing.state === 'in_force' || standing.state === 'in_grace') inForce += 1;
  }
  return { started, inForce, share: started === 0 ? null : inForce / started };
}

/**
 * The policy's first unpaid due, as a list for `policyStanding` (which reads only that one).
 * A schedule never made (nobody has read the policy's premiums since it was sold) has nothing
 * paid: its first due is the schedule's first, as `duesOf` would make it.
 */
function firstUnpaidDue(row: CohortRow, startedOn: string): PremiumDue[] {
  const unpaid = (id: string, dueOn: string): PremiumDue => ({ id, dueOn, amountMinor: 0, paidAt: null, receiptId: null });
  if (row.made) return row.first_unpaid_id && row.first_unpaid_on ? [unpaid(row.first_unpaid_id, row.first_unpaid_on)] : [];
  if (!row.duration || !row.estimated_premium) return [];
  const first = premiumSchedule(startedOn, row.duration, row.estimated_premium, row.premium_mode)[0];
  return first ? [unpaid(`${row.id}:000`, first.dueOn)] : [];
}
