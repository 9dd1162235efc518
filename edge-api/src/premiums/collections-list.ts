/**
 * The field agent's Collections list (issue 49): for each policy assigned to them that is in
 * force, in grace or lapsed, its unpaid dues up to `dueSoonDays` ahead. An admin sees every
 * agent's (or one agent's with `?agent=`). Bounded: one page of the newest policies.
 */
import type { StoredApplication } from '../db/applications.ts';
import { addDays, dueSoonDays } from '../schemas/premium-schedule.ts';
import { policyPremiums, toDueView, type DueView, type PremiumDeps } from './view.ts';
import type { PolicyState } from '../schemas/premium-schedule.ts';

export interface CollectionItem {
  applicationId: string;
  policyNumber: string;
  policyName: string;
  policyNameBn: string | null;
  holder: string;
  phone: string | null;
  address: string;
  assignedAgent: string | null;
  state: PolicyState;
  /** Unpaid dues up to 30 days ahead, oldest first: what the agent collects. */
  dues: DueView[];
  totalMinor: number;
}

/** At most this many policies in one list: an agent's round, not the book. */
export const collectionsListLimit = 500;

export async function collectionsList(deps: PremiumDeps, agentEmail: string | null): Promise<CollectionItem[]> {
  let query = deps.db
    .selectFrom('applications')
    .selectAll()
    .where('status', '=', 'approved')
    .where('payment_status', '=', 'paid')
    .where('policy_number', 'is not', null);
  if (agentEmail !== null) query = query.where((eb) => eb(eb.fn('lower', ['assigned_agent']), '=', agentEmail.toLowerCase()));
  const rows: StoredApplication[] = await query.orderBy('paid_at', 'desc').limit(collectionsListLimit).execute();
  const items: CollectionItem[] = [];
  for (const row of rows) {
    const premiums = await policyPremiums(deps, row);
    if (!premiums || premiums.standing.state === 'matured') continue;
    const horizon = addDays(premiums.today, dueSoonDays);
    const dues = premiums.dues.filter((due) => !due.paidAt && due.dueOn <= horizon).map((due) => toDueView(due, premiums.today));
    if (dues.length === 0) continue;
    items.push({
      applicationId: row.id,
      policyNumber: premiums.basis.policyNumber,
      policyName: row.policy_name,
      policyNameBn: row.policy_name_bn ?? null,
      holder: row.name,
      phone: row.phone,
      address: row.address,
      assignedAgent: row.assigned_agent,
      state: premiums.standing.state,
      dues,
      totalMinor: dues.reduce((sum, due) => sum + due.amountMinor, 0),
    });
  }
  return items;
}
