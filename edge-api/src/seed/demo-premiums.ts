/**
 * The demo's premiums (issue 49): every policy the activity sold has its past dues paid (online
 * by the customer, or in cash to the demo agent), except a few of the demo agent's customers whose
 * latest due is still in grace, so the agent's Collections screen has work. The demo user has a
 * policy in force with its dues paid and one coming, one in grace and one lapsed (still revivable).
 */
import type { AppDeps, SessionUser } from '../http/env.ts';
import { defaultGraceDays, addDays } from '../schemas/premium-schedule.ts';
import { dhakaToday } from '../schemas/claim.ts';
import { duesOf, premiumBasisOf } from '../premiums/dues.ts';
import { recordDuesPayment } from '../premiums/record-dues.ts';

const day = 86_400_000;
type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock'>;
interface Person {
  id: string;
  email: string;
  name: string;
}

export async function seedDemoPremiums(deps: Deps, input: { now: number; demoUser: Person; demoAgent: SessionUser }): Promise<void> {
  const { db } = deps;
  const { now, demoUser, demoAgent } = input;
  const today = dhakaToday(new Date(now));
  const rows = await db.selectFrom('applications').selectAll().where('status', '=', 'approved').where('payment_status', '=', 'paid').orderBy('paid_at').execute();
  let agentsOwn = 0;
  for (const row of rows) {
    const basis = await premiumBasisOf(db, row);
    if (!basis) continue;
    const dues = await duesOf(deps, basis);
    const isDemoUsers = row.user_id === demoUser.id;
    const startedDaysAgo = Math.round((now - Date.parse(row.paid_at ?? '')) / day);
    const withDemoAgent = row.assigned_agent?.toLowerCase() === demoAgent.email.toLowerCase();
    let payable = dues.filter((due) => due.dueOn <= today);
    // The demo user's policies bought 20 and 55 days ago (demo-activity.ts): nothing paid, so one
    // is in grace and the other lapsed (still revivable); the one bought 12 days ago is paid up.
    if (isDemoUsers && startedDaysAgo >= 15) payable = [];
    else if (!isDemoUsers && withDemoAgent && agentsOwn++ % 3 === 0) {
      // The agent's collections: the latest past due left in grace (never past it).
      payable = payable.filter((due, index) => index < payable.length - 1 || addDays(due.dueOn, defaultGraceDays) < today);
    }
    for (const [index, due] of payable.entries()) {
      const paidAt = Math.min(now - 60_000, Date.parse(`${due.dueOn}T06:00:00Z`) + (index % 3) * day);
      const byAgent = withDemoAgent && index % 2 === 1 && row.assigned_agent;
      const at = () => new Date(paidAt);
      await recordDuesPayment({ ...deps, clock: at }, {
        applicationId: row.id,
        dueIds: [due.id],
        amountMinor: due.amountMinor,
        provider: byAgent ? 'field' : 'demo',
        method: byAgent ? 'cash' : index % 2 ? 'nagad' : 'bkash',
        transactionId: `seed-${due.id}`,
        actor: byAgent ? { id: demoAgent.id, email: demoAgent.email } : { id: row.user_id, email: row.user_email },
        revives: false,
        quiet: true,
        collectedBy: byAgent ? demoAgent.email : null,
        collectedAt: byAgent ? at().toISOString() : null,
      });
    }
  }
}
