/**
 * The demo's activity over the last 60 days, made by the same commands real requests run
 * (so every decision has its audit row, every payment its transaction): applications in every
 * status, claims waiting for the demo agent, payments on many days of the last month (the
 * transactions screen's default range), and agent requests both decided and waiting.
 * Each command runs on a clock set to the moment it "happened".
 */
import { applyForPolicy, assignAgent, decideApplication, rejectApplication } from '../commands/applications.ts';
import { decideAgentRequest } from '../auth/role-changes.ts';
import type { ApplicationLimitSettings } from '../http/config.ts';
import type { AppDeps, SessionUser } from '../http/env.ts';
import { newId } from '../lib/ids.ts';
import type { Outcome } from '../lib/idempotency.ts';
import { recordPayment } from '../payments/record-payment.ts';
import { agentRequestRow, userRow } from './factories.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock' | 'payments'> & { config: ApplicationLimitSettings };
type Person = Pick<SessionUser, 'id' | 'email' | 'name'>;

const day = 86_400_000;
const hour = 3_600_000;

/** Customers besides the demo user (no password: they never sign in, they only applied). */
export const demoCustomers = [
  { name: 'Mahmuda Khatun', email: 'mahmuda.khatun@example.test', district: 'Dhaka' },
  { name: 'Anwar Hossain', email: 'anwar.hossain@example.test', district: 'Rajshahi' },
  { name: 'Farhana Akter', email: 'farhana.akter@example.test', district: 'Chattogram' },
  { name: 'Kamal Hossain', email: 'kamal.hossain@example.test', district: 'Khulna' },
  { name: 'Nasrin Sultana', email: 'nasrin.sultana@example.test', district: 'Sylhet' },
  { name: 'Rafiqul Islam', email: 'rafiqul.islam@example.test', district: 'Barishal' },
  { name: 'Shirin Begum', email: 'shirin.begum@example.test', district: 'Rangpur' },
  { name: 'Jahid Hasan', email: 'jahid.hasan@example.test', district: 'Mymensingh' },
] as const;

/** What happens to one application after it is sent. */
type Fate = 'pending' | 'assigned' | 'approved' | 'rejected-by-agent' | 'rejected-by-admin';

interface Plan {
  fate: Fate;
  /** Days ago it was applied for (within the last 60). */
  appliedDaysAgo: number;
  /** Paid (a transaction) this many days ago; only for fates that may pay. */
  paidDaysAgo?: number;
  /** Whose: an index into the customers, or 'demo' for the demo user. */
  who: number | 'demo';
}

/**
 * The plan: every status, several claims for the demo agent, payments on many days of the
 * last 30 (the default range of the transactions screen) and a few before.
 */
function plans(): Plan[] {
  const list: Plan[] = [];
  const fates: Fate[] = ['approved', 'assigned', 'pending', 'approved', 'rejected-by-agent', 'assigned', 'approved', 'rejected-by-admin'];
  for (let i = 0; i < 32; i += 1) {
    const fate = fates[i % fates.length]!;
    const appliedDaysAgo = 58 - i * 1.7;
    const mayPay = fate === 'approved' || (fate === 'assigned' && i % 3 === 0);
    const paidDaysAgo = mayPay ? Math.max(0.2, appliedDaysAgo - 2 - (i % 4)) : undefined;
    list.push({ fate, appliedDaysAgo, paidDaysAgo, who: i % demoCustomers.length });
  }
  // The demo user's own, besides the two of the catalogue seed: one approved and paid, one
  // rejected by the agent.
  list.push({ fate: 'approved', appliedDaysAgo: 40, paidDaysAgo: 12, who: 'demo' });
  list.push({ fate: 'rejected-by-agent', appliedDaysAgo: 30, who: 'demo' });
  // Issue 49: two more in force, whose premiums demo-premiums.ts leaves unpaid: one in grace, one lapsed.
  list.push({ fate: 'approved', appliedDaysAgo: 24, paidDaysAgo: 20, who: 'demo' });
  list.push({ fate: 'approved', appliedDaysAgo: 59, paidDaysAgo: 55, who: 'demo' });
  return list;
}

export interface DemoActivityInput {
  now: number;
  admin: SessionUser;
  /** The agents who decide claims; the first is the demo agent. */
  agents: SessionUser[];
  demoUser: Person;
  customers: Person[];
  policies: { id: string; title: string; coverageRange: number; duration: number; minAge: number; maxAge: number }[];
}

const at = (now: number, daysAgo: number) => (deps: Deps): Deps => ({ ...deps, clock: () => new Date(now - daysAgo * day) });

function expectOk<T>(outcome: Outcome<T>, what: string): T {
  if (!outcome.ok) throw new Error(`Demo ${what} was refused: ${outcome.body.message}`);
  return outcome.body;
}

/** Customer rows for the main seed batch (customers exist before they apply). */
export function demoCustomerRows(now: number) {
  return demoCustomers.map((customer, i) =>
    userRow({ id: newId(), email: customer.email, name: customer.name, role: 'user', created_at: new Date(now - (90 + i) * day).toISOString() }),
  );
}

export async function seedDemoActivity(deps: Deps, input: DemoActivityInput): Promise<void> {
  await carryOut(deps, input, plans(), (i) => (i * 5) % input.policies.length);
}

/** The demo user's two applications of the catalogue seed: one waiting, one with the demo agent. */
export async function seedDemoUserApplications(deps: Deps, input: DemoActivityInput): Promise<void> {
  const own: Plan[] = [
    { fate: 'pending', appliedDaysAgo: 2, who: 'demo' },
    { fate: 'assigned', appliedDaysAgo: 9, who: 'demo' },
  ];
  await carryOut(deps, input, own, (i) => i % input.policies.length);
}

/** The NID of the nominee of the demo's i-th application (13 digits, like the applicants'). */
export const demoNomineeNid = (i: number) => String(1_975_000_000_000 + i * 6271);

/** A date of birth (yyyy-mm-dd) of someone who turned `age` half a year before `now`. */
function birthDateForAge(now: number, age: number): string {
  const day = new Date(now - (age + 0.5) * 365.25 * 86_400_000);
  return day.toISOString().slice(0, 10);
}

async function carryOut(deps: Deps, input: DemoActivityInput, list: Plan[], policyIndex: (i: number) => number): Promise<void> {
  const { now, admin, agents, policies } = input;
  const demoAgent = agents[0]!;
  const asUser = (person: Person): SessionUser => ({ ...person, role: 'user', photoUrl: null });

  for (const [i, plan] of list.entries()) {
    const person = plan.who === 'demo' ? input.demoUser : input.customers[plan.who]!;
    const policy = policies[policyIndex(i)]!;
    const applied = at(now, plan.appliedDaysAgo);
    const created = expectOk(
      await applyForPolicy(applied(deps), asUser(person), {
        name: person.name,
        address: `House ${10 + i}, Road ${(i % 9) + 1}, Dhaka`,
        nid: String(1_980_000_000_000 + i * 7919),
        // An insured of the middle of the policy's age range (issue 29: the server checks it).
        dateOfBirth: birthDateForAge(now, Math.floor((policy.minAge + policy.maxAge) / 2)),
        phone: `+880 1711 ${String(300_000 + i * 37).padStart(6, '0')}`,
        nomineeName: 'Salma Begum',
        // Issue 47: what a claim as the nominee is checked against (demo-claims.ts files one).
        nomineeNid: demoNomineeNid(i),
        relationship: i % 2 ? 'Spouse' : 'Parent',
        healthConditions: [i % 4 === 0 ? 'High Blood Pressure' : 'None of the Above'],
        // Quoted on the policy's own cover for a non-smoking man: the server works the premium out (issue 48).
        estimatedPremium: null,
        quote: { coverage: policy.coverageRange, gender: 'Male', smoker: 'No' },
        policyId: policy.id,
        // Issue 49: most pay monthly; every third quarterly, so the demo shows both.
        premiumMode: i % 3 === 2 ? 'quarterly' : 'monthly',
      }),
      'application',
    );
    const id = created.insertedId;
    if (plan.fate === 'pending') continue;
    if (plan.fate === 'rejected-by-admin') {
      expectOk(await rejectApplication(at(now, plan.appliedDaysAgo - 1)(deps), admin, id), 'rejection');
      continue;
    }
    // Most claims go to the demo agent, so their screens have work in them.
    const agent = plan.fate === 'assigned' || i % 3 !== 2 ? demoAgent : agents[1 + (i % (agents.length - 1))]!;
    const assignedDaysAgo = plan.appliedDaysAgo - 0.5;
    expectOk(await assignAgent(at(now, assignedDaysAgo)(deps), admin, id, { agentEmail: agent.email }), 'assignment');
    const decidedDaysAgo = assignedDaysAgo - 1;
    if (plan.fate === 'approved' || plan.fate === 'rejected-by-agent') {
      const decision = plan.fate === 'approved' ? { status: 'approved' as const } : { status: 'rejected' as const, reason: 'health' as const };
      expectOk(await decideApplication(at(now, decidedDaysAgo)(deps), agent, id, decision), 'decision');
    }
    if (plan.paidDaysAgo !== undefined) {
      // Paid after the last decision on it, and never in the future.
      const paidDaysAgo = Math.max(0.05, Math.min(plan.paidDaysAgo, (plan.fate === 'approved' ? decidedDaysAgo : assignedDaysAgo) - 0.2));
      const paid = await recordPayment(at(now, paidDaysAgo)(deps), {
        application: { id, user_id: person.id, user_email: person.email, policy_name: policy.title },
        // The demo payment mode's own kind of intent (nothing is charged), ৳50 in poisha (spec 9).
        intent: { id: `demo_pi_seed_${id}`, clientSecret: null, amountMinor: 5000, currency: 'bdt', status: 'succeeded', metadata: {} },
        provider: 'demo',
        method: 'demo',
        actor: { id: person.id, email: person.email },
      });
      if (!paid?.recordedNow) throw new Error(`Demo payment for ${id} was not recorded`);
    }
  }
}

/**
 * Agent requests: waiting ones from customers, a disapproved one, and the agents' own
 * requests approved by the admin (which makes each of them an agent, recorded).
 */
export async function seedDemoAgentRequests(
  deps: Pick<AppDeps, 'db' | 'batch'>,
  input: { now: number; admin: SessionUser; agents: { user: Person; requestId: string; joinedDaysAgo: number }[]; customers: Person[] },
): Promise<void> {
  const { now, admin, customers } = input;
  for (const agent of input.agents) {
    await deps.batch(decideAgentRequest(deps.db, admin, agent.requestId, 'approved', new Date(now - agent.joinedDaysAgo * day).toISOString()));
  }
  const asks = customers.slice(0, 4).map((customer, i) => ({
    customer,
    id: newId(),
    createdAt: new Date(now - (i * 4 + 1) * day - i * hour).toISOString(),
    status: i === 3 ? ('disapproved' as const) : ('pending' as const),
  }));
  await deps.batch(
    asks.map((ask, i) =>
      deps.db
        .insertInto('agent_requests')
        .values(
          agentRequestRow({
            id: ask.id,
            user_id: ask.customer.id,
            name: ask.customer.name,
            email: ask.customer.email,
            phone: `+880 1812 ${String(400_000 + i * 53).padStart(6, '0')}`,
            nid: String(1_985_000_000_000 + i * 104_729),
            district: demoCustomers[i]?.district ?? 'Dhaka',
            status: 'pending',
            created_at: ask.createdAt,
            updated_at: ask.createdAt,
          }),
        )
        .compile(),
    ),
  );
  for (const ask of asks.filter((a) => a.status === 'disapproved')) {
    await deps.batch(decideAgentRequest(deps.db, admin, ask.id, 'disapproved', new Date(Date.parse(ask.createdAt) + day).toISOString()));
  }
}
