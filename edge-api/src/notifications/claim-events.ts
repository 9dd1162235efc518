/**
 * What an insurance claim's steps tell whom (issue 31). As for applications (events.ts), each
 * function returns statements for the SAME batch as the step, repeating the step's condition,
 * so it goes right BEFORE the step's UPDATE: a notification exists exactly when its step happened.
 * An item names the policy only (docs/decisions/0076); it links to the claim's screen.
 */
import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { ClaimNotificationEvent } from '../db/notifications.ts';
import { overdueClaim } from '../db/claims.ts';
import type { BatchRunner } from '../db/batch.ts';
import type { Database } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { deliveriesOf } from './events.ts';

type Db = Kysely<Database>;

const columns = sql.raw('(id, user_id, event, entity_id, policy_name, policy_name_bn, link, created_at)');
export const claimLink = (claimId: string) => `/dashboard/claims/${claimId}`;

/** Who hears of a step: the claimant, the assigned agent (by email), or another agent named. */
export type ClaimRecipient = 'claimant' | 'agent' | { agentEmail: string };

function recipientOf(recipient: ClaimRecipient): RawBuilder<unknown> {
  if (recipient === 'claimant') return sql`claims.claimant_id`;
  const email = recipient === 'agent' ? sql`claims.assigned_agent` : sql`${recipient.agentEmail}`;
  return sql`(SELECT users.id FROM users WHERE users.email = ${email} COLLATE NOCASE AND users.role = 'agent')`;
}

/** One person hears of a claim's step, if `claims` has a row matching `where`. */
export function notifyAboutClaim(
  db: Db,
  change: { event: ClaimNotificationEvent; claimId: string; at: string; recipient: ClaimRecipient },
  where: RawBuilder<unknown>,
): CompiledQuery[] {
  const base = newId();
  const { event, claimId, at } = change;
  return [
    sql`INSERT INTO notifications ${columns}
      SELECT ${`${base}-0`}, ${recipientOf(change.recipient)}, ${event}, claims.id, claims.policy_name, claims.policy_name_bn, ${claimLink(claimId)}, ${at}
      FROM claims WHERE ${where} AND ${recipientOf(change.recipient)} IS NOT NULL`.compile(db),
    deliveriesOf(db, base, at),
  ];
}

/**
 * The policy's holder hears of a claim filed on it by someone else (issue 47: a claim "as the
 * nominee" that no NID could check), if `claims` has a row matching `where`. The holder may not
 * open the claim itself, so the item opens their own policy.
 */
export function notifyHolderAboutClaim(
  db: Db,
  change: { event: ClaimNotificationEvent; claimId: string; at: string },
  where: RawBuilder<unknown>,
): CompiledQuery[] {
  const base = newId();
  const { event, at } = change;
  return [
    sql`INSERT INTO notifications ${columns}
      SELECT ${`${base}-0`}, applications.user_id, ${event}, claims.id, claims.policy_name, claims.policy_name_bn, '/dashboard/applications/' || applications.id, ${at}
      FROM claims JOIN applications ON applications.id = claims.application_id
      WHERE ${where} AND applications.user_id <> claims.claimant_id`.compile(db),
    deliveriesOf(db, base, at),
  ];
}

/** Every admin hears of a claim's step, if `claims` has a row matching `where`. */
export function notifyAdminsAboutClaim(
  db: Db,
  change: { event: ClaimNotificationEvent; claimId: string; at: string },
  where: RawBuilder<unknown>,
): CompiledQuery[] {
  const base = newId();
  const { event, claimId, at } = change;
  return [
    sql`INSERT INTO notifications ${columns}
      SELECT ${base} || '-' || admins.id, admins.id, ${event}, claims.id, claims.policy_name, claims.policy_name_bn, ${claimLink(claimId)}, ${at}
      FROM claims JOIN users AS admins ON admins.role = 'admin' WHERE ${where}`.compile(db),
    deliveriesOf(db, base, at),
  ];
}

/**
 * Housekeeping (hourly on Node, the cron on the Worker): every admin is told once about each
 * claim that passed its due date undecided. The mark and the notifications are one batch; the
 * mark is set last, conditional on the same claims, so a claim is told about exactly once.
 */
export async function tellOverdueClaims(deps: { db: Db; batch: BatchRunner; clock: () => Date }): Promise<number> {
  const now = deps.clock();
  const at = now.toISOString();
  const due = await deps.db
    .selectFrom('claims')
    .select('id')
    .where(overdueClaim(now))
    .where('overdue_told_at', 'is', null)
    .limit(100)
    .execute();
  for (const { id } of due) {
    const where = sql<boolean>`claims.id = ${id} AND claims.overdue_told_at IS NULL AND ${overdueClaim(now)}`;
    await deps.batch([
      ...notifyAdminsAboutClaim(deps.db, { event: 'insurance-claim.overdue', claimId: id, at }, where),
      sql`UPDATE claims SET overdue_told_at = ${at} WHERE ${where}`.compile(deps.db),
    ]);
  }
  return due.length;
}
