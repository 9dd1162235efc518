/**
 * The demo's insurance claims (issue 31), one or more in every state, made by the same commands
 * real requests run (each step with its audit row, notifications and timeline line), each on a
 * clock set to when it "happened": submitted, assigned and sent back for a document (with the
 * demo agent, so Claims to Clear has work), approved (waiting for its payout), paid by bKash,
 * rejected, and one overdue. The demo user has their own claim as policyholder and one as the
 * nominee on a customer's policy, so My Claims shows both.
 */
import { sql } from 'kysely';
import { assignClaim, recordClaimPayout, resubmitClaim, reviewClaim } from '../commands/claim-steps.ts';
import { fileClaim, type FileClaimDeps } from '../commands/claims.ts';
import type { AppDeps, SessionUser } from '../http/env.ts';
import { attachDemoPapers } from './demo-claim-papers.ts';
import type { Outcome } from '../lib/idempotency.ts';
import { newClaimNumber, type ClaimKind, type ClaimReviewInput } from '../schemas/claim.ts';

const day = 86_400_000;

type Step = 'assign' | 'send-back' | 'resubmit' | 'approve' | 'pay' | 'reject';

interface ClaimPlan {
  /** Whose policy: the demo user's own, or a customer's (index among the in-force policies). */
  policy: 'demo' | number;
  /** The demo user claims as the nominee on a customer's policy. */
  demoUserIsNominee?: boolean;
  kind: ClaimKind;
  filedDaysAgo: number;
  steps: Step[];
  /** Agent: the demo agent (0) or another. */
  agent?: number;
  district: string;
  description: string;
}

const plans: ClaimPlan[] = [
  { policy: 'demo', kind: 'hospitalisation', filedDaysAgo: 6, steps: ['assign', 'send-back'], district: 'Dhaka', description: 'Three nights at Dhaka Medical College Hospital with dengue fever.' },
  { policy: 0, demoUserIsNominee: true, kind: 'death', filedDaysAgo: 20, steps: ['assign', 'send-back', 'resubmit', 'approve', 'pay'], district: 'Dhaka', description: 'My father passed away at home after a stroke.' },
  { policy: 1, kind: 'hospitalisation', filedDaysAgo: 1, steps: [], district: 'Rajshahi', description: 'Admitted for an appendix operation.' },
  { policy: 2, kind: 'disability', filedDaysAgo: 4, steps: ['assign'], district: 'Dhaka', description: 'Lost the use of my right hand in a factory accident.' },
  { policy: 3, kind: 'hospitalisation', filedDaysAgo: 9, steps: ['assign', 'approve'], agent: 1, district: 'Chattogram', description: 'Five days in hospital after a road accident.' },
  { policy: 4, kind: 'hospitalisation', filedDaysAgo: 12, steps: ['assign', 'reject'], district: 'Dhaka', description: 'Outpatient visit for a cough.' },
  // Filed long enough ago to be past its due date, still waiting: the admins' overdue flag.
  { policy: 5, kind: 'disability', filedDaysAgo: 25, steps: ['assign'], agent: 2, district: 'Sylhet', description: 'Hearing loss after a fall from a roof.' },
];

function expectOk<T>(outcome: Outcome<T>, what: string): T {
  if (!outcome.ok) throw new Error(`Demo claim ${what} was refused: ${outcome.body.message}`);
  return outcome.body;
}

export interface DemoClaimsInput {
  now: number;
  admin: SessionUser;
  agents: SessionUser[];
  demoUser: Pick<SessionUser, 'id' | 'email' | 'name'>;
}

export async function seedDemoClaims(deps: FileClaimDeps & { images?: AppDeps['images'] }, input: DemoClaimsInput): Promise<void> {
  const { now, admin, agents } = input;
  const inForce = await deps.db
    .selectFrom('applications')
    .select(['id', 'user_id', 'user_email', 'name', 'nid', 'nominee_nid', 'paid_at'])
    .where('status', '=', 'approved')
    .where('payment_status', '=', 'paid')
    .orderBy('applied_at')
    .execute();
  // The demo user's own claim is on their policy in force with its dues paid (the latest bought):
  // their older two are the demo's in-grace and lapsed policies (demo-premiums.ts), and a claim
  // for an event after a lapse is refused (issue 49).
  const demoOwn = inForce.filter((row) => row.user_id === input.demoUser.id).sort((a, b) => (b.paid_at ?? '').localeCompare(a.paid_at ?? ''))[0];
  const others = inForce.filter((row) => row.user_id !== input.demoUser.id);
  const users = await deps.db.selectFrom('users').select(['id', 'email', 'name']).where('id', 'in', [...new Set(inForce.map((row) => row.user_id)), input.demoUser.id]).execute();
  const asUser = (id: string): SessionUser => {
    const user = users.find((u) => u.id === id);
    if (!user) throw new Error(`Demo claim needs user ${id}`);
    return { ...user, role: 'user', photoUrl: null };
  };
  const at = (daysAgo: number): FileClaimDeps => ({ ...deps, clock: () => new Date(now - daysAgo * day) });

  for (const [i, plan] of plans.entries()) {
    const policy = plan.policy === 'demo' ? demoOwn : others[plan.policy];
    if (!policy) continue;
    const claimant = plan.demoUserIsNominee ? asUser(input.demoUser.id) : asUser(policy.user_id);
    const id = crypto.randomUUID();
    let daysAgo = plan.filedDaysAgo;
    const eventDate = new Date(now - (plan.filedDaysAgo + 3) * day).toISOString().slice(0, 10);
    expectOk(
      await fileClaim(at(daysAgo), claimant, {
        id,
        claimNumber: newClaimNumber(),
        policyNumber: policy.id,
        insuredNid: policy.nid,
        relation: plan.demoUserIsNominee ? 'nominee' : 'policyholder',
        // The demo user is the nominee named on that policy, with the nominee's NID (issue 47).
        claimantNid: plan.demoUserIsNominee ? (policy.nominee_nid ?? null) : null,
        kind: plan.kind,
        eventDate,
        description: plan.description,
        district: plan.district,
        payoutMethod: i % 3 === 2 ? 'nagad' : 'bkash',
        payoutAccount: `017${String(11_000_000 + i * 1_234_567).slice(0, 8)}`,
        payoutBankName: null,
      }),
      'filing',
    );
    const agent = agents[plan.agent ?? 0]!;
    const coverage = Number(
      (await sql<{ c: number }>`SELECT coverage_poisha AS c FROM claims WHERE id = ${id}`.execute(deps.db)).rows[0]?.c ?? 0,
    );
    const amount = plan.kind === 'death' ? coverage : Math.min(coverage, 2_500_000 + i * 500_000);
    // Approved claims carry their papers' photos: the server approves none without them.
    if (plan.steps.includes('approve')) await attachDemoPapers(at(plan.filedDaysAgo), { id, kind: plan.kind, claimantId: claimant.id });
    for (const step of plan.steps) {
      daysAgo -= 1;
      const when = at(Math.max(0.1, daysAgo));
      const review = (input: ClaimReviewInput) => reviewClaim(when, agent, id, input);
      if (step === 'assign') expectOk(await assignClaim(when, admin, id, { agentEmail: agent.email }), 'assignment');
      if (step === 'send-back') expectOk(await review({ step: 'send_back', missing: 'A clear photo of the hospital discharge paper, with the doctor’s signature' }), 'send-back');
      if (step === 'resubmit') expectOk(await resubmitClaim(when, claimant, id, { note: 'Added the death certificate from the union parishad.' }), 'answer');
      if (step === 'approve') expectOk(await review({ step: 'approve', amountPoisha: amount }), 'approval');
      if (step === 'reject') expectOk(await review({ step: 'reject', reason: 'An outpatient visit is not covered: the policy pays for hospital stays of one night or more.' }), 'rejection');
      if (step === 'pay') {
        expectOk(
          await recordClaimPayout(when, admin, id, { payoutMethod: 'bkash', payoutAccount: '01711000000', payoutBankName: null, amountPoisha: amount, reference: `BKASH-${id.slice(0, 8).toUpperCase()}` }),
          'payout',
        );
      }
    }
  }
}
