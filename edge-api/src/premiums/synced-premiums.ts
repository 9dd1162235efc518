/**
 * The premiums a sync pull carries on each application that is a policy in force (issue 49,
 * docs/premiums-api.md "Sync pull"): its dues and receipts, so the phone works out the state and
 * each due's status offline with the server's own rules (schemas/premium-schedule.ts).
 *
 * Read for a whole page at once: one query per kind (dues, receipts, the policies' terms) over
 * the page's applications, in the pull's own batch, never one per row. A policy whose schedule
 * nobody has read yet has no stored dues (premiums/dues.ts makes them on first read): the pull
 * works them out from the same schedule with the same ids, unpaid, as they would be stored,
 * rather than writing from a read.
 */
import type { CompiledQuery, Kysely, SelectQueryBuilder } from 'kysely';
import type { StoredApplication } from '../db/applications.ts';
import type { PremiumDueRow, PremiumReceiptRow } from '../db/premium-rows.ts';
import type { Database } from '../db/schema.ts';
import { premiumSchedule, type PremiumDue } from '../schemas/premium-schedule.ts';
import { dueIdOf, premiumBasisFrom, toDue } from './dues.ts';
import { toReceiptView, type PremiumReceiptView } from './view.ts';

export interface SyncedPremiums {
  dues: PremiumDue[];
  receipts: PremiumReceiptView[];
  /** The last day of the term (Dhaka), so the phone tells a matured policy apart. */
  termEndsOn: string | null;
}

/** A subquery naming the page's application ids (the pull's own applications query, ids only). */
type PageIds = SelectQueryBuilder<Database, 'applications', { id: string }>;

/** The three reads of a page's premiums (exactly three: db/sync.ts places their rows), to run in the pull's batch. */
export function premiumReads(db: Kysely<Database>, pageIds: PageIds): CompiledQuery[] {
  return [
    db
      .selectFrom('premium_dues')
      .select(['id', 'application_id', 'due_on', 'amount_minor', 'paid_at', 'receipt_id'])
      .where('application_id', 'in', pageIds)
      .orderBy('application_id')
      .orderBy('seq')
      .compile(),
    db.selectFrom('premium_receipts').selectAll().where('application_id', 'in', pageIds).orderBy('paid_at').orderBy('id').compile(),
    db
      .selectFrom('policies')
      .select(['id', 'duration'])
      .where('id', 'in', db.selectFrom('applications').select('policy_id').where('id', 'in', pageIds))
      .compile(),
  ];
}

type DueRow = Pick<PremiumDueRow, 'id' | 'application_id' | 'due_on' | 'amount_minor' | 'paid_at' | 'receipt_id'>;

/** The premiums of each application of a page, from the rows premiumReads returned. */
export function syncedPremiumsReader([dueRows = [], receiptRows = [], termRows = []]: readonly (readonly unknown[])[]) {
  const dues = groupBy(dueRows as DueRow[], (row) => row.application_id);
  const receipts = groupBy(receiptRows as PremiumReceiptRow[], (row) => row.application_id);
  const terms = new Map((termRows as { id: string; duration: number }[]).map((row) => [row.id, Number(row.duration)]));
  return (application: StoredApplication): SyncedPremiums | null => {
    const basis = premiumBasisFrom(application, application.policy_id ? (terms.get(application.policy_id) ?? null) : null);
    if (!basis) return null;
    const stored = dues.get(application.id)?.map(toDue) ?? [];
    const scheduled =
      stored.length > 0 || !basis.termYears || !basis.monthlyMinor
        ? stored
        : premiumSchedule(basis.startedOn, basis.termYears, basis.monthlyMinor, basis.mode).map(
            (due): PremiumDue => ({ id: dueIdOf(application.id, due.seq), dueOn: due.dueOn, amountMinor: due.amountMinor, paidAt: null, receiptId: null }),
          );
    if (scheduled.length === 0) return null;
    return { dues: scheduled, receipts: (receipts.get(application.id) ?? []).map(toReceiptView), termEndsOn: basis.termEndsOn };
  };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
