/**
 * The commands on applications: apply, delete, assign, reject, decide. Each is implemented
 * once and used both by its REST route (routes/applications.ts) and by sync push
 * (commands/push.ts), so a queued offline write follows exactly the rules of the online one.
 *
 * The state machine (decisions.md):
 *   pending -> assigned                 admin assigns an approved agent (also re-assigns)
 *   pending | assigned -> rejected      admin rejects
 *   pending | assigned -> approved | rejected   the agent the application is assigned to
 * Assign and Reject are refused once the application is approved or rejected (paying never
 * freezes the work: issue 26). Each
 * transition is ONE conditional UPDATE whose row count decides: two concurrent decisions make
 * exactly one change, and the other gets 409 with the state it ran into. The audit row and the
 * idempotency record are written in the same batch, conditional on the same change.
 */
import { sql, type CompiledQuery, type RawBuilder, type Updateable } from 'kysely';
import { sameEmail } from '../db/users.ts';
import { applicationSnapshot, findApplication, isAssignedAgent, isOwner, toApplication, type Application, type StoredApplication } from '../db/applications.ts';
import { lastRow } from '../db/row-snapshot.ts';
import { refundAfterRejection } from '../payments/refunds.ts';
import type { ApplicationRow, ApplicationStatus } from '../db/schema.ts';
import type { AppConfig, ApplicationLimitSettings } from '../http/config.ts';
import type { AppDeps, SessionUser } from '../http/env.ts';
import { ApiError, conflict, forbidden, type ErrorBody } from '../http/errors.ts';
import { auditBeforeChange } from '../db/audit-log.ts';
import { prepareMutation, runOnce, type MutationKey, type Outcome } from '../lib/idempotency.ts';
import type { AssignInput, DecisionInput, RejectionGroundsInput } from '../schemas/application.ts';
import { notifyAssignment, notifyOwner } from '../notifications/events.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock' | 'payments' | 'sslcommerz'> & { config: ApplicationLimitSettings & Partial<Pick<AppConfig, 'payment'>> };

export const notFoundMessage = 'Application not found or already deleted';
const applicationNotFound = () => new ApiError(404, 'not_found', notFoundMessage);

export { applyForPolicy, tooManyOpenMessage, tooManyTodayMessage, type ApplicationCreated } from './apply-for-policy.ts';
// ---------------------------------------------------------------------------------------------
// Transitions

export interface ApplicationChanged {
  success: true;
  message: string;
  application: Application;
}

interface Transition {
  /** Audit action, e.g. 'application.assign'. */
  action: string;
  from: readonly ApplicationStatus[];
  /** Refused once paid (Assign and Reject). */
  unpaidOnly: boolean;
  /** Only while assigned to this agent. */
  assignedTo?: string;
  /** A further condition that must still hold when the change is made. */
  also?: RawBuilder<unknown>;
  set: Updateable<ApplicationRow>;
  /** The state before, as an SQL expression over the row, and after, for the audit log. */
  auditFrom?: RawBuilder<unknown>;
  auditTo: string;
  /** The notifications of the change (notifications/events.ts), tied to its condition. */
  notify?: (where: RawBuilder<boolean>, at: string) => CompiledQuery[];
}

/** The clear reason a transition is refused, from the state the application is in. */
export function refusalMessage(
  action: string,
  row: Pick<StoredApplication, 'status' | 'payment_status'>,
  paymentMatters: boolean,
): string {
  if (row.status === 'approved') return 'This application was already approved';
  if (row.status === 'rejected') return 'This application was already rejected';
  if (paymentMatters && row.payment_status === 'paid') {
    return action === 'application.delete' ? 'A paid application cannot be deleted' : 'This application is already paid';
  }
  if (action === 'application.delete') {
    return 'This application is already assigned to an agent and can no longer be deleted';
  }
  return `This application is ${row.status} and cannot be changed this way`;
}

const refusal = (action: string, row: StoredApplication, paymentMatters: boolean): ErrorBody => ({
  error: 'conflict',
  message: refusalMessage(action, row, paymentMatters),
  details: { status: row.status, paymentStatus: row.payment_status },
});

const changed = (message: string) => (row: StoredApplication): ApplicationChanged => ({
  success: true,
  message,
  application: toApplication(row),
});

async function transition(
  deps: Deps,
  actor: SessionUser,
  id: string,
  /** The command as idempotency knows it, and the success message (the same on replays). */
  command: { name: string; input: unknown; message: string },
  key: MutationKey | undefined,
  /** The change to make; looked up only for a request that is not a replay. */
  makeChange: () => Transition | Promise<Transition>,
  /** Checks who may do it, on the application as it is before the change. */
  authorize: (row: StoredApplication) => void,
  /** After a refused change: a reason that is not a 409 (a vanished agent, say), thrown. */
  explain?: (row: StoredApplication) => Promise<void>,
): Promise<Outcome<ApplicationChanged>> {
  const { db, batch, clock } = deps;
  const mutation = await prepareMutation(key, command.name, command.input);
  const present = changed(command.message);
  return runOnce(deps, mutation, (stored) => present(stored as StoredApplication), async (record) => {
    const before = await findApplication(db, id);
    if (!before) throw applicationNotFound();
    authorize(before);
    const change = await makeChange();

    const at = clock().toISOString();
    const where = sql<boolean>`${sql.join(
      [
        sql`id = ${id}`,
        sql`status IN (${sql.join(change.from.map((s) => sql`${s}`))})`,
        ...(change.unpaidOnly ? [sql`payment_status = 'unpaid'`] : []),
        ...(change.assignedTo !== undefined ? [sql`assigned_agent = ${change.assignedTo}`] : []),
        ...(change.also ? [change.also] : []),
      ],
      sql` AND `,
    )}`;
    // Before the change, with its condition: they exist exactly when it happens.
    const notices = change.notify?.(where, at) ?? [];
    const results = await batch([
      auditBeforeChange(
        db,
        { actor, action: change.action, entity: 'applications', entityId: id, from: change.auditFrom ?? sql`status`, to: change.auditTo, at },
        'applications',
        where,
      ),
      ...notices,
      db.updateTable('applications').set(change.set).where(where).compile(),
      ...record.success(200, applicationSnapshot(id), { afterChange: true }),
      db.selectFrom('applications').selectAll().where('id', '=', id).compile(),
    ]);
    const after = lastRow<StoredApplication>(results);
    if ((results[1 + notices.length]?.changes ?? 0) > 0 && after) {
      return { ok: true, status: 200, body: present(after), replayed: false };
    }
    // Nothing changed: say why, from the state the application is in now.
    if (!after) throw applicationNotFound();
    authorize(after);
    await explain?.(after);
    return record.refuse(409, refusal(change.action, after, change.unpaidOnly));
  });
}

const notAnAgent = (email: string) =>
  new ApiError(422, 'validation_failed', `${email} is not an approved agent. Please select an agent from the list.`, {
    fields: { agentEmail: 'Please select an approved agent' },
  });

async function findAgent(deps: Deps, email: string) {
  return deps.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', '=', email)
    .where('role', '=', 'agent')
    .executeTakeFirst();
}

/** Admin: give the application to an approved agent (a user whose role is agent). */
export async function assignAgent(deps: Deps, actor: SessionUser, id: string, input: AssignInput, key?: MutationKey) {
  let agentEmail = input.agentEmail;
  return transition(
    deps,
    actor,
    id,
    { name: 'application.assign', input: { id, ...input }, message: 'Agent assigned successfully' },
    key,
    async () => {
      const agent = await findAgent(deps, input.agentEmail);
      if (!agent) throw notAnAgent(input.agentEmail);
      if ((await findApplication(deps.db, id))?.user_id === agent.id) throw conflict('An agent cannot be assigned their own application. Please select another agent.');
      agentEmail = agent.email;
      return {
        action: 'application.assign',
        from: ['pending', 'assigned'],
        // Paying never freezes the work (decisions.md, issue 26).
        unpaidOnly: false,
        // The agent must still be one when the change is made, not only when we looked.
        also: sql`EXISTS (SELECT 1 FROM users WHERE users.email = ${agent.email} AND users.role = 'agent')`,
        set: { status: 'assigned', assigned_agent: agent.email, assigned_at: deps.clock().toISOString() },
        auditFrom: sql`CASE WHEN assigned_agent IS NULL THEN status ELSE status || ' to ' || assigned_agent END`,
        auditTo: `assigned to ${agent.email}`,
        notify: (where, at) => notifyAssignment(deps.db, id, agent.email, at, where),
      };
    },
    () => {},
    async () => {
      if (!(await findAgent(deps, agentEmail))) throw notAnAgent(agentEmail);
    },
  );
}

/** Admin: reject an application that is pending or assigned; a paid one is refunded. */
export async function rejectApplication(deps: Deps, actor: SessionUser, id: string, grounds: RejectionGroundsInput = {}, key?: MutationKey) {
  const outcome = await transition(
    deps,
    actor,
    id,
    { name: 'application.reject', input: { id, ...grounds }, message: 'Application rejected' },
    key,
    () => ({
      action: 'application.reject',
      from: ['pending', 'assigned'],
      unpaidOnly: false,
      // Stored as the agent's decision stores them: the customer reads either the same way.
      set: { status: 'rejected', decided_at: deps.clock().toISOString(), ...groundsColumns(grounds) },
      auditTo: grounds.reason ? `rejected (${grounds.reason})` : 'rejected',
      notify: (where, at) => notifyOwner(deps.db, 'application.rejected', id, at, where),
    }),
    () => {},
  );
  // Through the provider that took the money (payments/refunds.ts).
  return refundedAnswer(deps, actor, id, outcome);
}

/**
 * A rejection refunds a paid application's money, then answers with the application as it is
 * after that (issue 48): the screen that rejected it shows Refunded at once, not Paid until a
 * reload. A replayed rejection answers with today's row too.
 */
async function refundedAnswer(deps: Deps, actor: SessionUser, id: string, outcome: Outcome<ApplicationChanged>): Promise<Outcome<ApplicationChanged>> {
  if (!outcome.ok) return outcome;
  await refundAfterRejection(deps, actor, id);
  const row = await findApplication(deps.db, id);
  return row ? { ...outcome, body: { ...outcome.body, application: toApplication(row) } } : outcome;
}

const groundsColumns = (grounds: RejectionGroundsInput) => ({ rejection_reason: grounds.reason ?? null, rejection_note: grounds.note ?? null });

/** The agent an application is assigned to approves or rejects it (clears the claim). */
export async function decideApplication(deps: Deps, actor: SessionUser, id: string, input: DecisionInput, key?: MutationKey) {
  const approve = input.status === 'approved';
  const outcome = await transition(
    deps,
    actor,
    id,
    {
      name: 'application.decide',
      input: { id, ...input },
      message: approve ? 'Policy claim approved successfully.' : 'Policy claim rejected.',
    },
    key,
    () => ({
      action: approve ? 'application.approve' : 'application.reject',
      from: ['pending', 'assigned'],
      unpaidOnly: false,
      assignedTo: actor.email,
      set: {
        status: input.status,
        decided_at: deps.clock().toISOString(),
        ...(approve ? {} : groundsColumns(input)),
      },
      auditTo: approve || !input.reason ? input.status : `rejected (${input.reason})`,
      notify: (where, at) => notifyOwner(deps.db, approve ? 'application.approved' : 'application.rejected', id, at, where),
    }),
    (row) => {
      if (!isAssignedAgent(actor, row)) throw forbidden('This application is not assigned to you.');
    },
  );
  // A paid application rejected by its agent gets its money back (payments/refunds.ts).
  return approve ? outcome : refundedAnswer(deps, actor, id, outcome);
}

// ---------------------------------------------------------------------------------------------
// Delete

export interface ApplicationDeleted {
  success: true;
  deletedCount: 1;
  message: string;
}

const deleted: ApplicationDeleted = { success: true, deletedCount: 1, message: 'Application deleted' };

/**
 * The owner may delete their application while it is pending; an admin may delete any that
 * is not paid (a payment keeps its application). The tombstone for sync comes from a trigger.
 */
export async function deleteApplication(deps: Deps, actor: SessionUser, id: string, key?: MutationKey) {
  const { db, batch, clock } = deps;
  const mutation = await prepareMutation(key, 'application.delete', { id });
  const action = 'application.delete';
  return runOnce<ApplicationDeleted>(deps, mutation, () => deleted, async (record) => {
    const before = await findApplication(db, id);
    if (!before) throw applicationNotFound();
    const admin = actor.role === 'admin';
    if (!admin && !isOwner(actor, before)) throw forbidden('You can only delete your own applications.');

    const at = clock().toISOString();
    const where = admin
      ? sql<boolean>`id = ${id} AND payment_status = 'unpaid'`
      : sql<boolean>`id = ${id} AND user_id = ${actor.id} AND status = 'pending' AND payment_status = 'unpaid'`;
    const results = await batch([
      auditBeforeChange(db, { actor, action, entity: 'applications', entityId: id, from: sql`status`, to: null, at }, 'applications', where),
      sql`DELETE FROM applications WHERE ${where}`.compile(db),
      ...record.success(200, { json: null }, { afterChange: true }),
      db.selectFrom('applications').selectAll().where('id', '=', id).compile(),
    ]);
    if ((results[1]?.changes ?? 0) > 0) return { ok: true, status: 200, body: deleted, replayed: false };
    const now = lastRow<StoredApplication>(results);
    if (!now) throw applicationNotFound();
    return record.refuse(409, refusal(action, now, true));
  });
}

/** Whether a user may list the applications of this email (their own, or any for admins). */
export const mayListApplicationsOf = (user: SessionUser, email: string) => user.role === 'admin' || sameEmail(user.email, email);
