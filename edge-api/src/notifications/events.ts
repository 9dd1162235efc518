/**
 * What creates a notification: one function per kind of change, each returning statements to
 * put in the SAME batch as the change (D1 has no interactive transactions; docs/style.md
 * habit 6). Each insert repeats the change's own condition, as auditBeforeChange does
 * (db/audit-log.ts), so it goes right BEFORE the change: in one atomic batch both see the same
 * row, and a notification exists exactly when its change happened. The pushes to the
 * recipient's devices (push_deliveries) are written in the same batch too, so the sender
 * (sender.ts) finds them even if the process dies right after the commit.
 */
import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { BatchRunner } from '../db/batch.ts';
import type { NotificationEvent } from '../db/notifications.ts';
import type { Database } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { maxDevicesPerAccount } from './subscriptions.ts';

type Db = Kysely<Database>;

/** The screen of the PWA that shows what changed. */
export const linkOf = (event: NotificationEvent, entityId: string | null): string => {
  switch (event) {
    case 'claim.assigned':
      return '/dashboard/agentPolicyClearance';
    case 'agent-request.submitted':
      return '/dashboard/manageAgent';
    case 'payment.refused':
      return '/dashboard/adminTransactions';
    case 'service-request.new':
      return '/dashboard/serviceRequests';
    case 'premium_due':
    case 'premium_paid':
    case 'policy_lapsed':
      return `/dashboard/premiums/${entityId ?? ''}`;
    default:
      return `/dashboard/applications/${entityId ?? ''}`;
  }
};

const columns = sql.raw('(id, user_id, event, entity_id, policy_name, policy_name_bn, link, created_at)');

/**
 * Whether a write since the last call may have queued pushes. The Worker sends right after
 * such a request only (worker.ts): other requests cost no sender query. Per isolate; a push a
 * nudge misses still goes with the next cron tick.
 */
let pushesMaybeQueued = false;
export function takePushNudge(): boolean {
  const nudge = pushesMaybeQueued;
  pushesMaybeQueued = false;
  return nudge;
}

/**
 * Every notification of one change gets an id `<base>-<suffix>`: the pushes are then found by
 * that prefix (a range on the primary key) whoever the recipients turned out to be.
 */
export function deliveriesOf(db: Db, base: string, at: string): CompiledQuery {
  pushesMaybeQueued = true;
  // created_at: only the notifications this very batch wrote (not an earlier one of a replayed event).
  // At most the newest maxDevicesPerAccount devices of each recipient, whatever rows an account
  // still has from before that cap: one notification never fans out wider (issue 47). A device is
  // among the newest when fewer than the cap are newer (by created_at, then rowid). Counted per
  // device rather than as an `IN (… ORDER BY … LIMIT)` list: that list cost every notification
  // about 30-150 µs even for an account with no device at all (decision 0126).
  return sql`INSERT INTO push_deliveries (notification_id, subscription_id, next_attempt_at, updated_at)
    SELECT n.id, s.id, ${at}, ${at}
    FROM notifications n JOIN push_subscriptions s ON s.user_id = n.user_id
    WHERE n.id > ${`${base}-`} AND n.id < ${`${base}.`} AND n.created_at = ${at}
      AND (SELECT COUNT(*) FROM push_subscriptions newer WHERE newer.user_id = s.user_id
           AND (newer.created_at > s.created_at OR (newer.created_at = s.created_at AND newer.rowid > s.rowid))) < ${maxDevicesPerAccount}`.compile(db);
}

/**
 * One application's change, told to the person the SQL expression `recipient` names (over the
 * `applications` row, e.g. `user_id`), only if `applications` has a row matching `where`: the
 * very condition of the change that follows in the batch.
 */
export function notifyAboutApplication(
  db: Db,
  change: { event: NotificationEvent; applicationId: string; at: string; recipient?: RawBuilder<unknown>; base?: string },
  where: RawBuilder<unknown>,
): CompiledQuery[] {
  // `base`: a caller that writes more about this notification in the batch knows its id, `<base>-0`.
  const base = change.base ?? newId();
  const { event, applicationId, at } = change;
  return [
    sql`INSERT INTO notifications ${columns}
      SELECT ${`${base}-0`}, ${change.recipient ?? sql`user_id`}, ${event}, id, policy_name, policy_name_bn, ${linkOf(event, applicationId)}, ${at}
      FROM applications WHERE ${where}`.compile(db),
    deliveriesOf(db, base, at),
  ];
}

/** Written only if `applications` has a row matching `where`. */
export function notifyOwner(db: Db, event: NotificationEvent, applicationId: string, at: string, where: RawBuilder<unknown>) {
  return notifyAboutApplication(db, { event, applicationId, at }, where);
}

/**
 * Assigning an application: its owner hears of it, and so does the agent, but only when the
 * claim is new to them (a re-assignment to the same agent tells nobody anything new).
 */
export function notifyAssignment(db: Db, applicationId: string, agentEmail: string, at: string, where: RawBuilder<unknown>): CompiledQuery[] {
  const changesAgent = sql<boolean>`(${where}) AND (assigned_agent IS NULL OR assigned_agent <> ${agentEmail} COLLATE NOCASE)`;
  return [
    ...notifyOwner(db, 'application.assigned', applicationId, at, changesAgent),
    ...notifyAboutApplication(
      db,
      {
        event: 'claim.assigned',
        applicationId,
        at,
        recipient: sql`(SELECT users.id FROM users WHERE users.email = ${agentEmail} AND users.role = 'agent')`,
      },
      changesAgent,
    ),
  ];
}

/**
 * Something every admin must look at, written only if `condition` holds (an SQL condition that
 * names its tables in full: it is evaluated beside the `users` row of each admin).
 */
export function notifyAdmins(
  db: Db,
  change: { event: NotificationEvent; entityId: string | null; policyName?: string | null; policyNameBn?: string | null; at: string; key?: string },
  condition: RawBuilder<unknown> = sql`1 = 1`,
): CompiledQuery[] {
  // A key (an outside event's id) makes a second telling of the same event change nothing.
  const base = change.key ?? newId();
  const { event, entityId, at } = change;
  return [
    sql`INSERT INTO notifications ${columns}
      SELECT ${base} || '-' || admins.id, admins.id, ${event}, ${entityId}, ${change.policyName ?? null}, ${change.policyNameBn ?? null}, ${linkOf(event, entityId)}, ${at}
      FROM users AS admins WHERE admins.role = 'admin' AND ${condition}
      ON CONFLICT (id) DO NOTHING`.compile(db),
    deliveriesOf(db, base, at),
  ];
}

/**
 * The provider refused a card payment: every admin is told. Nothing else changes with it, so
 * it is a batch of its own (the notifications and their pushes still commit together).
 */
export async function notifyPaymentRefused(
  deps: { db: Db; batch: BatchRunner; clock: () => Date },
  applicationId: string | undefined,
  key?: string,
): Promise<void> {
  if (!applicationId) return;
  const application = await deps.db.selectFrom('applications').select(['policy_name', 'policy_name_bn']).where('id', '=', applicationId).executeTakeFirst();
  if (!application) return;
  const at = deps.clock().toISOString();
  await deps.batch(notifyAdmins(deps.db, { event: 'payment.refused', entityId: applicationId, policyName: application.policy_name, policyNameBn: application.policy_name_bn ?? null, at, key }));
}
