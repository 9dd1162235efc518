/**
 * Admins manage the policy catalogue (spec sections 3 and 5: Add New Insurance Policy). The
 * server sets the tracking id, creation date and creator; popularity is never typed in, it is
 * counted from views and applications (policy_stats).
 */
import { sql } from 'kysely';
import { selectPolicies, toPolicy, type Policy } from '../db/policies.ts';
import { lastRow, rowSnapshot } from '../db/row-snapshot.ts';
import type { PolicyRow } from '../db/schema.ts';
import type { AppDeps, SessionUser } from '../http/env.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { auditAfterChange, auditBeforeChange, auditInsert } from '../db/audit-log.ts';
import { newId } from '../lib/ids.ts';
import { prepareMutation, runOnce, type MutationKey, type Outcome } from '../lib/idempotency.ts';
import { agesMessage, type PolicyInput, type PolicyPatch } from '../schemas/policy.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock'>;
type PolicyWithStats = Parameters<typeof toPolicy>[0];

/** Every column of a policy row, for the snapshot kept as a create's replayable result. */
const policyColumns = [
  'id',
  'title',
  'category',
  'description',
  'short_details',
  'title_bn',
  'short_details_bn',
  'description_bn',
  'min_age',
  'max_age',
  'coverage_range',
  'duration',
  'base_premium',
  'image_url',
  'creator_email',
  'tracking_id',
  'creation_date',
  'withdrawn_at',
  'version',
] as const satisfies readonly (keyof PolicyRow)[];


function columnsOf(input: PolicyPatch, at: string) {
  const columns: Partial<Omit<PolicyRow, 'version' | 'id' | 'creator_email' | 'tracking_id' | 'creation_date'>> = {};
  if (input.title !== undefined) columns.title = input.title;
  if (input.category !== undefined) columns.category = input.category;
  if (input.description !== undefined) columns.description = input.description;
  if (input.shortDetails !== undefined) columns.short_details = input.shortDetails;
  if (input.titleBn !== undefined) columns.title_bn = input.titleBn;
  if (input.shortDetailsBn !== undefined) columns.short_details_bn = input.shortDetailsBn;
  if (input.descriptionBn !== undefined) columns.description_bn = input.descriptionBn;
  if (input.minAge !== undefined) columns.min_age = input.minAge;
  if (input.maxAge !== undefined) columns.max_age = input.maxAge;
  if (input.coverageRange !== undefined) columns.coverage_range = input.coverageRange;
  if (input.duration !== undefined) columns.duration = input.duration;
  if (input.basePremium !== undefined) columns.base_premium = input.basePremium;
  if (input.image !== undefined) columns.image_url = input.image;
  if (input.withdrawn !== undefined) columns.withdrawn_at = input.withdrawn ? at : null;
  return columns;
}

/** The spec's tracking id: 'TID-' + timestamp + a random number below 1000. */
export const trackingId = (now: Date) => `TID-${now.getTime()}${Math.floor(Math.random() * 1000)}`;

export interface PolicyCreated {
  success: true;
  insertedId: string;
  policy: Policy;
}

const createdPolicy = (row: PolicyWithStats): PolicyCreated => ({
  success: true,
  insertedId: row.id,
  policy: toPolicy(row),
});

export async function createPolicy(
  deps: Deps,
  actor: SessionUser,
  input: PolicyInput,
  key?: MutationKey,
): Promise<Outcome<PolicyCreated>> {
  const { db, batch, clock } = deps;
  const mutation = await prepareMutation(key, 'policy.create', input);
  const revive = (stored: unknown) =>
    createdPolicy({ ...(stored as Omit<PolicyWithStats, 'view_count' | 'application_count'>), view_count: 0, application_count: 0 });
  return runOnce(deps, mutation, revive, async (record) => {
    const now = clock();
    const at = now.toISOString();
    const id = newId();
    const results = await batch([
      db
        .insertInto('policies')
        .values({
          id,
          title: input.title,
          category: input.category,
          description: input.description,
          short_details: input.shortDetails,
          title_bn: input.titleBn ?? null,
          short_details_bn: input.shortDetailsBn ?? null,
          description_bn: input.descriptionBn ?? null,
          min_age: input.minAge,
          max_age: input.maxAge,
          coverage_range: input.coverageRange,
          duration: input.duration,
          base_premium: input.basePremium,
          image_url: input.image,
          creator_email: actor.email,
          tracking_id: trackingId(now),
          creation_date: at,
        })
        .compile(),
      auditInsert(db, { actor, action: 'policy.create', entity: 'policies', entityId: id, to: input.title, at }),
      ...record.success(201, rowSnapshot('policies', policyColumns, id)),
      selectPolicies(db).where('policies.id', '=', id).compile(),
    ]);
    const row = lastRow<PolicyWithStats>(results) as PolicyWithStats;
    return { ok: true, status: 201, body: createdPolicy(row), replayed: false };
  });
}

export interface PolicyChanged {
  success: true;
  message: string;
  policy: Policy;
}

export async function updatePolicy(deps: Deps, actor: SessionUser, id: string, input: PolicyPatch): Promise<PolicyChanged> {
  const { db, batch, clock } = deps;
  const before = await db.selectFrom('policies').select(['min_age', 'max_age']).where('id', '=', id).executeTakeFirst();
  if (!before) throw notFound('Policy');
  // The ages must stay in order with the values the edit leaves unchanged. Checked again in
  // the UPDATE itself, so a concurrent edit of the other bound cannot break the rule.
  const minAge = input.minAge ?? before.min_age;
  const maxAge = input.maxAge ?? before.max_age;
  if (minAge > maxAge) {
    throw new ApiError(400, 'validation_failed', agesMessage, { fields: { maxAge: agesMessage } });
  }
  const at = clock().toISOString();
  const columns = columnsOf(input, at);
  // Withdrawing (or offering again) is its own entry in the audit log, beside any other edit.
  const edited = Object.keys(input).filter((key) => key !== 'withdrawn' && input[key as keyof PolicyPatch] !== undefined);
  const audits = [
    ...(edited.length ? [auditAfterChange(db, { actor, action: 'policy.update', entity: 'policies', entityId: id, to: edited.join(', '), at })] : []),
    ...(input.withdrawn !== undefined
      ? [auditAfterChange(db, { actor, action: input.withdrawn ? 'policy.withdraw' : 'policy.offer', entity: 'policies', entityId: id, to: input.withdrawn ? 'withdrawn' : 'offered', at })]
      : []),
  ];
  const results = await batch([
    db
      .updateTable('policies')
      .set(columns)
      .where('id', '=', id)
      .where(sql<boolean>`${input.minAge ?? sql`min_age`} <= ${input.maxAge ?? sql`max_age`}`)
      .compile(),
    ...audits,
    selectPolicies(db).where('policies.id', '=', id).compile(),
  ]);
  const row = lastRow<PolicyWithStats>(results);
  if (!row) throw notFound('Policy');
  if ((results[0]?.changes ?? 0) === 0) {
    throw new ApiError(409, 'conflict', agesMessage, {
      details: { minAge: row.min_age, maxAge: row.max_age },
    });
  }
  const message = input.withdrawn === true ? 'Policy withdrawn' : input.withdrawn === false ? 'Policy offered again' : 'Policy updated';
  return { success: true, message, policy: toPolicy(row) };
}

export async function deletePolicy(deps: Deps, actor: SessionUser, id: string) {
  const { db, batch, clock } = deps;
  const at = clock().toISOString();
  // Applications keep their copy of the policy's name and category (policy_id becomes NULL).
  const where = sql<boolean>`id = ${id}`;
  const [, removed] = await batch([
    auditBeforeChange(db, { actor, action: 'policy.delete', entity: 'policies', entityId: id, from: sql`title`, to: null, at }, 'policies', where),
    db.deleteFrom('policies').where(where).compile(),
  ]);
  if ((removed?.changes ?? 0) === 0) throw notFound('Policy');
  return { success: true as const, deletedCount: 1 as const, message: 'Policy deleted' };
}
