/**
 * Sync push: a batch of writes queued offline, each carrying its client-made mutation id.
 * Every mutation runs through the very command its REST endpoint uses, with the same role
 * rule (the access table row of that endpoint) and the same data rules, so the outbox can
 * never do more than the online screens.
 *
 * Each answer says what happened: 'applied' (first time), 'duplicate' (the id was seen before:
 * here is the first result), or 'refused' (with the reason and, for a refused transition, the
 * current state), so the PWA can show a refused write to its user instead of losing it.
 */
import { z, type ZodType } from 'zod';
import { mayCall, type RouteKey } from '../auth/access-table.ts';
import type { AppConfig, ApplicationLimitSettings, ClaimSettings } from '../http/config.ts';
import type { AppDeps, SessionUser } from '../http/env.ts';
import { ApiError, type ErrorBody } from '../http/errors.ts';
import { GroupedCallFailed, runGrouped } from '../db/grouped-rounds.ts';
import { isValidMutationId, mutationIdMessage, type MutationKey, type Outcome } from '../lib/idempotency.ts';
import { applyForPolicy, assignAgent, decideApplication, deleteApplication, rejectApplication } from './applications.ts';
import { createBlog } from './blogs.ts';
import { fileClaim } from './claims.ts';
import { assignClaim, recordClaimPayout, resubmitClaim, reviewClaim } from './claim-steps.ts';
import { updateProfile } from './profile.ts';
import { sendSupportMessage } from './support.ts';
import { requestServiceChange } from './service-requests.ts';
import { serviceRequestInput } from '../schemas/service-request.ts';
import { supportMessageBody } from '../schemas/support-message.ts';
import { profileUpdate } from '../schemas/auth.ts';
import { applicationInput, assignInput, decisionInput, rejectInput } from '../schemas/application.ts';
import { blogInput } from '../schemas/blog.ts';
import { claimAssignInput, claimInput, claimPayoutInput, claimResubmitInput, claimReviewInput } from '../schemas/claim.ts';
import { idInput } from '../schemas/fields.ts';
import { collectionInput } from '../schemas/premium-schedule.ts';
import { collectPremiums } from '../premiums/collect.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock' | 'payments' | 'sslcommerz'> & {
  config: ApplicationLimitSettings & ClaimSettings & Partial<Pick<AppConfig, 'payment'>> & Pick<AppConfig, 'premiums'>;
};

interface PushCommand<Input> {
  /** The REST endpoint this mutation stands for: its access-table row decides who may push it. */
  route: RouteKey;
  input: ZodType<Input>;
  run(deps: Deps, user: SessionUser, input: Input, key: MutationKey): Promise<Outcome<unknown>>;
}

const command = <Input>(definition: PushCommand<Input>) => definition as PushCommand<unknown>;
const withId = z.object({ id: idInput });

export const pushCommands = {
  'application.create': command({
    route: 'POST /applications',
    input: applicationInput,
    run: (deps, user, input, key) => applyForPolicy(deps, user, input, key),
  }),
  'application.delete': command({
    route: 'DELETE /applications/:id',
    input: withId,
    run: (deps, user, input, key) => deleteApplication(deps, user, input.id, key),
  }),
  'application.decide': command({
    route: 'PATCH /applications/:id/status',
    input: decisionInput.extend(withId.shape),
    run: (deps, user, { id, ...input }, key) => decideApplication(deps, user, id, input, key),
  }),
  'application.assign': command({
    route: 'PATCH /applications/assign/:id',
    input: assignInput.extend(withId.shape),
    run: (deps, user, { id, ...input }, key) => assignAgent(deps, user, id, input, key),
  }),
  'application.reject': command({
    route: 'PATCH /applications/reject/:id',
    input: rejectInput.extend(withId.shape),
    run: (deps, user, { id, ...grounds }, key) => rejectApplication(deps, user, id, grounds, key),
  }),
  // Insurance claims (issue 31): filed offline by the claimant, cleared offline by the agent.
  'claim.file': command({
    route: 'POST /claims',
    input: claimInput,
    run: (deps, user, input, key) => fileClaim(deps, user, input, key),
  }),
  'claim.review': command({
    route: 'POST /claims/:id/review',
    // A union cannot be extended: the claim's id rides beside the step.
    input: z.intersection(withId, claimReviewInput),
    run: (deps, user, { id, ...input }, key) => reviewClaim(deps, user, id, input, key),
  }),
  'claim.resubmit': command({
    route: 'POST /claims/:id/resubmit',
    input: claimResubmitInput.extend(withId.shape),
    run: (deps, user, { id, ...input }, key) => resubmitClaim(deps, user, id, input, key),
  }),
  'claim.assign': command({
    route: 'PATCH /claims/:id/assign',
    input: claimAssignInput.extend(withId.shape),
    run: (deps, user, { id, ...input }, key) => assignClaim(deps, user, id, input, key),
  }),
  // Issue 49: cash a field agent collected, queued on the phone (premiums/collect.ts).
  'premium.collect': command({
    route: 'POST /premiums/:applicationId/collections',
    input: collectionInput.extend({ applicationId: idInput }),
    run: async (deps, user, { applicationId, ...input }, key) => {
      const collected = await collectPremiums(deps, user, applicationId, input, key);
      return { ok: true, status: 201, body: { receipt: collected.receipt, recordedNow: collected.recordedNow }, replayed: !collected.recordedNow };
    },
  }),
  'claim.payout': command({
    route: 'POST /claims/:id/payout',
    input: z.intersection(withId, claimPayoutInput),
    run: (deps, user, { id, ...input }, key) => recordClaimPayout(deps, user, id, input, key),
  }),
  'blog.create': command({
    route: 'POST /blogs',
    input: blogInput,
    run: (deps, user, input, key) => createBlog(deps, user, input, key),
  }),
  // Issue 29: a profile edited offline (name, phone; a new photo needs the network to upload).
  'profile.update': command({
    route: 'PATCH /auth/me',
    input: profileUpdate,
    run: (deps, user, input, key) => updateProfile(deps, user, input, key),
  }),
  // Issue 29: a contact-form message written offline by a signed-in person, limited per person.
  'support.send': command({
    route: 'POST /support',
    input: supportMessageBody,
    run: (deps, user, input, key) => sendSupportMessage(deps, user, input, { key, perPersonLimit: deps.config.rateLimits.support }),
  }),
  // Issue 51: a policyholder's request for a change, asked offline like every other write.
  'service-request.create': command({
    route: 'POST /service-requests',
    input: serviceRequestInput,
    run: (deps, user, input, key) => requestServiceChange(deps, user, input, key),
  }),
} satisfies Record<string, PushCommand<unknown>>;

export type MutationType = keyof typeof pushCommands;
export const mutationTypes = Object.keys(pushCommands) as MutationType[];
export const maxMutationsPerPush = 100;

export const pushInput = z.object({
  mutations: z
    .array(
      z.object({
        mutationId: z.string({ error: 'Every mutation needs a mutationId' }).refine(isValidMutationId, mutationIdMessage),
        type: z.string({ error: 'Every mutation needs a type' }).max(100, 'That mutation type is too long'),
        payload: z.unknown(),
      }),
      { error: 'mutations must be a list' },
    )
    .max(maxMutationsPerPush, `At most ${maxMutationsPerPush} mutations per push`),
});
export type PushInput = z.infer<typeof pushInput>;

export interface PushResult {
  mutationId: string;
  result: 'applied' | 'duplicate' | 'refused';
  status: number;
  body: unknown;
  reason?: string;
  current?: Record<string, unknown>;
}

function refused(mutationId: string, status: number, body: ErrorBody, duplicate = false): PushResult {
  return {
    mutationId,
    result: duplicate ? 'duplicate' : 'refused',
    status,
    body,
    reason: body.message,
    ...(body.details ? { current: body.details } : {}),
  };
}

const errorBody = (error: ApiError): ErrorBody => ({ error: error.code, message: error.message, ...error.extra });

/**
 * How many database calls one push request may make, the session look-up included, whatever
 * the number of mutations: they run side by side and their queries share calls
 * (db/grouped-rounds.ts), so the count follows the longest command's steps, not the number of
 * mutations. Within the Workers Free plan's 50 (docs/decisions/0055-push-query-budget.md).
 */
export const pushCallBudget = 16;

type PushCommandEntry = PushCommand<unknown>;

/** Everything about one mutation that needs no database: its command, role and payload. */
function check(user: SessionUser, { mutationId, type, payload }: PushInput['mutations'][number]) {
  const handler: PushCommandEntry | undefined = (pushCommands as Record<string, PushCommandEntry>)[type];
  if (!handler || !Object.hasOwn(pushCommands, type)) {
    return refused(mutationId, 400, { error: 'bad_request', message: `Unknown mutation type '${type}'` });
  }
  if (!mayCall(user.role, handler.route)) {
    return refused(mutationId, 403, { error: 'forbidden', message: 'You do not have permission to do this' });
  }
  const parsed = handler.input.safeParse(payload ?? {});
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'payload'] ??= issue.message;
    const message = parsed.error.issues[0]?.message ?? 'The mutation is not valid';
    return refused(mutationId, 400, { error: 'validation_failed', message, fields });
  }
  return { handler, input: parsed.data };
}

async function runChecked(deps: Deps, user: SessionUser, mutationId: string, handler: PushCommandEntry, input: unknown): Promise<PushResult> {
  try {
    const outcome = await handler.run(deps, user, input, { userId: user.id, mutationId });
    if (outcome.ok) {
      return { mutationId, result: outcome.replayed ? 'duplicate' : 'applied', status: outcome.status, body: outcome.body };
    }
    return refused(mutationId, outcome.status, outcome.body, outcome.replayed);
  } catch (error) {
    // A refusal (403, 404, 422...) is an answer for this mutation; anything else fails the
    // push, and the client sends it again (what was applied comes back as duplicates).
    if (!(error instanceof ApiError)) throw error;
    return refused(mutationId, error.status, errorBody(error));
  }
}

type Mutation = PushInput['mutations'][number];

/**
 * Applies the mutations as if one after the other: their writes reach the database in push
 * order (a later one may depend on an earlier), grouped into a bounded number of calls. A
 * mutation id sent again in the same push runs in a later pass, after its first occurrence
 * is recorded, so it answers as that one's duplicate. When a grouped call fails as a whole (a
 * concurrent push of the same ids, say), its mutations whose ids were not recorded meanwhile run
 * once more, that time split until a failing one is alone.
 */
export async function applyPush(deps: Deps, user: SessionUser, input: PushInput): Promise<PushResult[]> {
  const seen = new Map<string, number>();
  const passes: { mutation: Mutation; at: number }[][] = [];
  input.mutations.forEach((mutation, at) => {
    const pass = seen.get(mutation.mutationId) ?? 0;
    seen.set(mutation.mutationId, pass + 1);
    (passes[pass] ??= []).push({ mutation, at });
  });
  const results: PushResult[] = [];
  const run = async (pass: { mutation: Mutation; at: number }[], split: boolean) => {
    const { results: answers } = await runGrouped(
      deps,
      pass,
      async ({ mutation }, grouped) => {
        const checked = check(user, mutation);
        if ('result' in checked) return checked;
        try {
          return await runChecked(grouped, user, mutation.mutationId, checked.handler, checked.input);
        } catch (error) {
          if (error instanceof GroupedCallFailed) return null;
          throw error;
        }
      },
      { split },
    );
    const again = pass.filter((_, i) => {
      const answer = answers[i];
      if (answer) results[pass[i]!.at] = answer;
      return !answer;
    });
    return again;
  };
  for (const pass of passes) {
    const again = await run(pass, false);
    if (again.length && (await run(again, true)).length) throw new Error('A push mutation was left without an answer');
  }
  return results;
}
