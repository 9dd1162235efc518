/**
 * GET /premiums/:applicationId's answer (issue 49, docs/premiums-api.md): the policy's mode,
 * state on the server's day, each due with its status, and the receipts that paid them.
 */
import type { Kysely } from 'kysely';
import type { AppDeps } from '../http/env.ts';
import type { AppConfig } from '../http/config.ts';
import type { Database } from '../db/schema.ts';
import type { PremiumReceiptRow } from '../db/premium-rows.ts';
import { duesOf, premiumBasisOf, type PremiumBasis } from './dues.ts';
import type { StoredApplication } from '../db/applications.ts';
import { dhakaToday } from '../schemas/claim.ts';
import {
  dueStatus,
  policyStanding,
  sslcommerzMinimumMinor,
  type DueStatus,
  type PolicyStanding,
  type PolicyState,
  type PremiumDue,
  type PremiumMode,
} from '../schemas/premium-schedule.ts';

export interface DueView {
  id: string;
  dueOn: string;
  amountMinor: number;
  status: DueStatus;
  paidAt: string | null;
  receiptId: string | null;
}

export interface PremiumReceiptView {
  id: string;
  receiptNumber: string;
  applicationId: string;
  dueIds: string[];
  amountMinor: number;
  currency: string;
  method: string;
  provider: string;
  paidAt: string;
  collectedBy: string | null;
  collectedAt: string | null;
  revived: boolean;
}

export interface PremiumsView {
  applicationId: string;
  policyNumber: string;
  policyName: string;
  policyNameBn: string | null;
  holder: string;
  mode: PremiumMode;
  state: PolicyState;
  graceDays: number;
  revivalDays: number;
  startedOn: string;
  termEndsOn: string | null;
  graceEndsOn: string | null;
  lapsedOn: string | null;
  revivableUntil: string | null;
  /** The least one online payment may be (SSLCommerz's ৳10), poisha. */
  minimumChargeMinor: number;
  nextDue: DueView | null;
  dues: DueView[];
  receipts: PremiumReceiptView[];
}

/** What reading premiums needs: the database, the clock and the grace and revival settings. */
export type PremiumDeps = Pick<AppDeps, 'db' | 'clock'> & { config: Pick<AppConfig, 'premiums'> };

export const toDueView = (due: PremiumDue, today: string): DueView => ({ ...due, status: dueStatus(due, today) });

/** Everything about one policy's premiums the server knows on its day; null when it is no policy in force yet. */
export interface PolicyPremiums {
  basis: PremiumBasis;
  dues: PremiumDue[];
  today: string;
  standing: PolicyStanding;
}

export async function policyPremiums(deps: PremiumDeps, application: StoredApplication): Promise<PolicyPremiums | null> {
  const basis = await premiumBasisOf(deps.db, application);
  if (!basis) return null;
  const dues = await duesOf(deps, basis);
  const today = dhakaToday(deps.clock());
  return { basis, dues, today, standing: policyStanding(dues, today, basis.termEndsOn, deps.config.premiums) };
}

export async function receiptsOf(db: Kysely<Database>, applicationId: string): Promise<PremiumReceiptView[]> {
  const rows = await db.selectFrom('premium_receipts').selectAll().where('application_id', '=', applicationId).orderBy('paid_at').execute();
  return rows.map(toReceiptView);
}

export function toReceiptView(row: PremiumReceiptRow): PremiumReceiptView {
  return {
    id: row.id,
    receiptNumber: row.receipt_number,
    applicationId: row.application_id,
    dueIds: JSON.parse(row.due_ids) as string[],
    amountMinor: row.amount_minor,
    currency: row.currency,
    method: row.method,
    provider: row.provider,
    paidAt: row.paid_at,
    collectedBy: row.collected_by,
    collectedAt: row.collected_at,
    revived: row.revived === 1,
  };
}

export async function premiumsView(deps: PremiumDeps, premiums: PolicyPremiums): Promise<PremiumsView> {
  const { basis, dues, today, standing } = premiums;
  const row = basis.application;
  return {
    applicationId: row.id,
    policyNumber: basis.policyNumber,
    policyName: row.policy_name,
    policyNameBn: row.policy_name_bn ?? null,
    holder: row.name,
    mode: basis.mode,
    state: standing.state,
    graceDays: deps.config.premiums.graceDays,
    revivalDays: deps.config.premiums.revivalDays,
    startedOn: basis.startedOn,
    termEndsOn: basis.termEndsOn,
    graceEndsOn: standing.graceEndsOn,
    lapsedOn: standing.lapsedOn,
    revivableUntil: standing.revivableUntil,
    minimumChargeMinor: sslcommerzMinimumMinor,
    nextDue: standing.nextDue ? toDueView(standing.nextDue, today) : null,
    dues: dues.map((due) => toDueView(due, today)),
    receipts: await receiptsOf(deps.db, row.id),
  };
}
