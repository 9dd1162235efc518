/**
 * A policy's dues as stored (migrations/0280): made once from the schedule the first time
 * anything reads them, then read in order. Everything else about premiums (state, payment,
 * reminders) works on what `policyPremiums` returns.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AppDeps } from '../http/env.ts';
import { certificateOf } from '../db/papers.ts';
import { policyTermsRow } from '../payments/papers.ts';
import type { ApplicationRow, Database } from '../db/schema.ts';
import type { PremiumDueRow } from '../db/premium-rows.ts';
import { dhakaDayOf, policyDatesOf } from '../schemas/claim.ts';
import { premiumSchedule, type PremiumDue, type PremiumMode } from '../schemas/premium-schedule.ts';

type Db = Kysely<Database>;
type StoredApplication = Selectable<ApplicationRow>;

export const dueIdOf = (applicationId: string, seq: number) => `${applicationId}:${String(seq).padStart(3, '0')}`;

export const toDue = (row: Pick<PremiumDueRow, 'id' | 'due_on' | 'amount_minor' | 'paid_at' | 'receipt_id'>): PremiumDue => ({
  id: row.id,
  dueOn: row.due_on,
  amountMinor: row.amount_minor,
  paidAt: row.paid_at,
  receiptId: row.receipt_id,
});

/** A policy in force's premium basis: null when the application is no policy yet (not approved and paid). */
export interface PremiumBasis {
  application: StoredApplication;
  policyNumber: string;
  mode: PremiumMode;
  startedOn: string;
  termEndsOn: string | null;
  termYears: number | null;
  monthlyMinor: number | null;
}

export async function premiumBasisOf(db: Db, application: StoredApplication): Promise<PremiumBasis | null> {
  // Sold before premiums were kept (migration 0280): no schedule (decision 0108).
  if (!certificateOf(application) || !application.premium_mode) return null;
  const terms = await policyTermsRow(db, application.policy_id);
  return premiumBasisFrom(application, terms?.duration ?? null);
}

/** The basis from a policy's term already read (the sync pull reads a page's terms in one query). */
export function premiumBasisFrom(application: StoredApplication, termYears: number | null): PremiumBasis | null {
  const certificate = certificateOf(application);
  if (!certificate || !application.premium_mode) return null;
  const dates = policyDatesOf(certificate.startsAt, termYears);
  return {
    application,
    policyNumber: certificate.policyNumber,
    mode: application.premium_mode,
    startedOn: dates.startedOn ?? dhakaDayOf(certificate.startsAt),
    termEndsOn: dates.termEndsOn,
    termYears,
    monthlyMinor: application.estimated_premium,
  };
}

/**
 * The policy's dues, in order; made from the schedule first if it has none. One statement of
 * the whole schedule (its dues as one JSON parameter: D1 binds at most 100 values), ignored
 * when another request made it first.
 */
export async function duesOf(deps: Pick<AppDeps, 'db'>, basis: PremiumBasis): Promise<PremiumDue[]> {
  const { db } = deps;
  const id = basis.application.id;
  const read = () =>
    db.selectFrom('premium_dues').select(['id', 'due_on', 'amount_minor', 'paid_at', 'receipt_id']).where('application_id', '=', id).orderBy('seq').execute();
  let rows = await read();
  if (rows.length === 0 && basis.termYears && basis.monthlyMinor) {
    await makeSchedule(db, basis);
    rows = await read();
  }
  return rows.map(toDue);
}

export async function makeSchedule(db: Db, basis: PremiumBasis): Promise<void> {
  if (!basis.termYears || !basis.monthlyMinor) return;
  const id = basis.application.id;
  const schedule = premiumSchedule(basis.startedOn, basis.termYears, basis.monthlyMinor, basis.mode).map((due) => [dueIdOf(id, due.seq), due.seq, due.dueOn, due.amountMinor]);
  await sql`INSERT OR IGNORE INTO premium_dues (id, application_id, seq, due_on, amount_minor)
    SELECT json_extract(value, '$[0]'), ${id}, json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]')
    FROM json_each(${JSON.stringify(schedule)})`.execute(db);
}
