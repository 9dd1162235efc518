/**
 * A policy's premiums after the sale (issue 49, docs/decisions/0108): how often they are paid,
 * the schedule of dues from the policy's start to its end, each due's status and the policy's
 * state on a given day. Pure (no server imports): the server computes with its clock, the PWA
 * with the device's, from the same dues, so an offline phone shows what the server would.
 * Days are Dhaka's calendar days (yyyy-mm-dd); amounts are poisha.
 */
import { z } from './zod.ts';

export const premiumModes = ['monthly', 'quarterly', 'half_yearly', 'yearly'] as const;
export type PremiumMode = (typeof premiumModes)[number];
export const defaultPremiumMode: PremiumMode = 'monthly';

/** Months one due of a mode covers. */
export const monthsPerDue: Record<PremiumMode, number> = { monthly: 1, quarterly: 3, half_yearly: 6, yearly: 12 };

/** The Apply form's field: absent (an older app's queued application) means monthly. */
export const premiumModeField = z
  .enum(premiumModes, { error: 'Please choose how often to pay: monthly, quarterly, half-yearly or yearly' })
  .optional()
  .transform((mode) => mode ?? defaultPremiumMode);

export type PolicyState = 'in_force' | 'in_grace' | 'lapsed' | 'matured';
export type DueStatus = 'paid' | 'due' | 'overdue' | 'upcoming';

/** The defaults of PREMIUM_GRACE_DAYS and PREMIUM_REVIVAL_DAYS (decision 0108). */
export const defaultGraceDays = 30;
export const defaultRevivalDays = 5 * 365;
/** An unpaid due this close (days) is 'due' rather than 'upcoming': the reminders' and the agent's horizon. */
export const dueSoonDays = 30;

/** One due as the schedule makes it (before anything is paid). */
export interface ScheduledDue {
  seq: number;
  dueOn: string;
  amountMinor: number;
}

/** A due as stored and sent: its payment, when paid. */
export interface PremiumDue {
  id: string;
  dueOn: string;
  amountMinor: number;
  paidAt: string | null;
  receiptId: string | null;
}

const dayMs = 86_400_000;

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

/** `day` plus whole months; a day past the month's end is its last (31 January + 1 month = 28/29 February). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = parts(day);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const [y, m, d] = parts(day);
  return new Date(Date.UTC(y, m - 1, d) + days * dayMs).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [a, b] = [parts(from), parts(to)];
  return Math.round((Date.UTC(b[0], b[1] - 1, b[2]) - Date.UTC(a[0], a[1] - 1, a[2])) / dayMs);
}

/**
 * The dues of a policy that started on `startedOn` for `termYears` years: the first on its start
 * day (premiums are paid in advance), then one every period, none on or after the term's end.
 * Each is the monthly premium times the months it covers.
 */
export function premiumSchedule(startedOn: string, termYears: number, monthlyMinor: number, mode: PremiumMode): ScheduledDue[] {
  const step = monthsPerDue[mode];
  const count = Math.floor((termYears * 12) / step);
  return Array.from({ length: count }, (_, seq) => ({ seq, dueOn: addMonths(startedOn, seq * step), amountMinor: monthlyMinor * step }));
}

export function dueStatus(due: Pick<PremiumDue, 'dueOn' | 'paidAt'>, today: string): DueStatus {
  if (due.paidAt) return 'paid';
  if (due.dueOn < today) return 'overdue';
  return daysBetween(today, due.dueOn) <= dueSoonDays ? 'due' : 'upcoming';
}

export interface PolicyStanding {
  state: PolicyState;
  /** The first unpaid due, or null when all are paid. */
  nextDue: PremiumDue | null;
  /** The last day of grace of the earliest unpaid past due (in grace or lapsed), else null. */
  graceEndsOn: string | null;
  /** The day the policy lapsed (the day after its grace ended), else null. */
  lapsedOn: string | null;
  /** The last day a lapsed policy may be revived by paying its arrears, else null. */
  revivableUntil: string | null;
}

/**
 * A policy's state on `today`: lapsed once the grace of an unpaid due has ended before the term
 * did; else matured once the term has ended; else in grace while a past due is unpaid; else in force.
 */
export function policyStanding(
  dues: readonly PremiumDue[],
  today: string,
  termEndsOn: string | null,
  settings: { graceDays: number; revivalDays: number },
): PolicyStanding {
  const nextDue = dues.find((due) => !due.paidAt) ?? null;
  const end = termEndsOn && termEndsOn < today ? termEndsOn : today;
  if (nextDue && nextDue.dueOn < end) {
    const graceEndsOn = addDays(nextDue.dueOn, settings.graceDays);
    if (graceEndsOn < end) {
      const lapsedOn = addDays(graceEndsOn, 1);
      return { state: 'lapsed', nextDue, graceEndsOn, lapsedOn, revivableUntil: addDays(lapsedOn, settings.revivalDays) };
    }
    if (!termEndsOn || today < termEndsOn) return { state: 'in_grace', nextDue, graceEndsOn, lapsedOn: null, revivableUntil: null };
  }
  if (termEndsOn && today >= termEndsOn) return { state: 'matured', nextDue, graceEndsOn: null, lapsedOn: null, revivableUntil: null };
  return { state: 'in_force', nextDue, graceEndsOn: null, lapsedOn: null, revivableUntil: null };
}

/** The arrears: every unpaid due on or before `today`. Reviving a lapsed policy pays them all. */
export const arrearsOf = (dues: readonly PremiumDue[], today: string) => dues.filter((due) => !due.paidAt && due.dueOn <= today);

/**
 * Why paying `dueIds` now is refused, or null. Dues are paid in order (no later due before an
 * earlier unpaid one); a lapsed policy only with all its arrears and within its revival window;
 * a matured one's unpaid dues no more.
 */
export function duesChoiceProblem(dues: readonly PremiumDue[], dueIds: readonly string[], today: string, standing: PolicyStanding): string | null {
  const chosen = new Set(dueIds);
  if (chosen.size !== dueIds.length) return 'A due is listed twice';
  const unpaid = dues.filter((due) => !due.paidAt);
  for (const id of chosen) {
    const due = dues.find((d) => d.id === id);
    if (!due) return 'No such due on this policy';
    if (due.paidAt) return 'That due is already paid';
  }
  // The chosen dues must be the first unpaid ones, with no gap.
  const firstUnpaid = unpaid.slice(0, chosen.size);
  if (!firstUnpaid.every((due) => chosen.has(due.id))) return 'Please pay the earliest unpaid dues first';
  if (standing.state === 'matured') return 'The policy has matured: its premiums can no longer be paid';
  if (standing.state === 'lapsed') {
    if (standing.revivableUntil && today > standing.revivableUntil) return 'The policy lapsed too long ago to be revived';
    const arrears = arrearsOf(dues, today);
    if (!arrears.every((due) => chosen.has(due.id))) return 'A lapsed policy is revived by paying every due in arrears at once';
  }
  return null;
}

/** The Bangladeshi fiscal year (1 July to 30 June) a day falls in, named by its start year: 2025 for 2025-07-01..2026-06-30. */
export const fiscalYearOf = (day: string) => {
  const [y, m] = parts(day);
  return m >= 7 ? y : y - 1;
};
/** "2025-26" */
export const fiscalYearLabel = (startYear: number) => `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;

const dueIdList = z
  .array(z.string().trim().min(1, 'A due id is required').max(120, 'That due id is too long'), { error: 'dueIds must be a list of due ids' })
  .min(1, 'Please choose at least one due')
  .max(240, 'Too many dues at once');

/** The optional `dueIds` of the payment routes: present, the payment is of those dues (issue 49). */
export const dueIdsField = dueIdList.optional();

/** POST /premiums/:applicationId/collections: cash an agent took in the field. */
export const collectionInput = z.object({
  dueIds: dueIdList,
  amountMinor: z.number({ error: 'The amount must be a number of poisha' }).int('The amount must be whole poisha').positive('The amount must be more than 0').max(1e12, 'The amount is too large'),
  collectedAt: z.iso.datetime({ offset: true, error: 'When it was collected must be a date and time' }),
});
export type CollectionInput = z.infer<typeof collectionInput>;

/** GET /premiums/:applicationId/statement?year=2025: the fiscal year starting 1 July of that year. */
export const statementQuery = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, 'The year must be four digits: the fiscal year starting 1 July of it')
    .transform(Number)
    .optional(),
});

/**
 * SSLCommerz refuses a transaction under ৳10 (its integration guide: `total_amount` 10.00 to
 * 500000.00 BDT); the payment page offers the next dues ahead to reach it (issue 49).
 */
export const sslcommerzMinimumMinor = 10 * 100;

/**
 * The dues to pay when `chosenIds` come to less than `minimumMinor`: the chosen ones and the
 * next unpaid ones after them, until the sum reaches it (or the schedule ends).
 */
export function duesReachingMinimum(dues: readonly PremiumDue[], chosenIds: readonly string[], minimumMinor: number): PremiumDue[] {
  const unpaid = dues.filter((due) => !due.paidAt);
  const chosen = unpaid.filter((due) => chosenIds.includes(due.id));
  let sum = chosen.reduce((total, due) => total + due.amountMinor, 0);
  const ahead = [...chosen];
  for (const due of unpaid) {
    if (sum >= minimumMinor) break;
    if (ahead.includes(due)) continue;
    ahead.push(due);
    sum += due.amountMinor;
  }
  return unpaid.filter((due) => ahead.includes(due));
}

/**
 * The receipt number of cash collected in the field, known on the agent's phone at once (it may
 * have no network): the day it was collected (Dhaka) and the first ten letters or digits of the
 * collection's Idempotency-Key, which the phone made. The server records the same number.
 */
export function fieldReceiptNumber(idempotencyKey: string, collectedAt: string): string {
  const day = new Date(new Date(collectedAt).getTime() + 6 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
  const mark = idempotencyKey.replace(/[^A-Za-z0-9]/g, '').slice(0, 10).toUpperCase().padEnd(10, '0');
  return `FC-${day}-${mark}`;
}
