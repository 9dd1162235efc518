/**
 * Role changes and decisions on agent requests, each recorded in audit_log with who, what and
 * when (decisions.md). Every function returns queries for one batch: the audit rows read the
 * state before the change and are written only when the change happens, because they share
 * the change's own conditions and run before it in the same atomic batch.
 */
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { Database, Role } from '../db/schema.ts';
import type { SessionUser } from '../http/env.ts';

export interface Actor {
  id: string;
  email: string;
}

export const actorOf = (user: SessionUser): Actor => ({ id: user.id, email: user.email });

/** Makes the account with this email an admin (nothing when it already is one). */
export function promoteToAdmin(db: Kysely<Database>, actor: Actor, email: string, at: string): CompiledQuery[] {
  return [
    sql`insert into audit_log (actor_id, actor_email, action, entity, entity_id, from_value, to_value, at)
        select ${actor.id}, ${actor.email}, 'role.change', 'users', id, role, 'admin', ${at}
        from users where email = ${email} and role <> 'admin'`.compile(db),
    db.updateTable('users').set({ role: 'admin' }).where('email', '=', email).where('role', '<>', 'admin').compile(),
  ];
}

/**
 * Returns an admin to user or agent (issue 29). ONE conditional UPDATE decides: it changes the
 * role only while another admin remains, so two admins demoting each other at once leave one
 * admin (SQLite and D1 run statements one at a time); the audit row shares its condition.
 * An admin does not demote themself here (someone else must), so the last one stays.
 */
export function demoteAdmin(db: Kysely<Database>, actor: Actor, email: string, role: Exclude<Role, 'admin'>, at: string): CompiledQuery[] {
  const condition = sql`email = ${email} and role = 'admin' and id <> ${actor.id}
        and (select count(*) from users where role = 'admin') > 1`;
  return [
    sql`insert into audit_log (actor_id, actor_email, action, entity, entity_id, from_value, to_value, at)
        select ${actor.id}, ${actor.email}, 'role.change', 'users', id, role, ${role}, ${at}
        from users where ${condition}`.compile(db),
    sql`update users set role = ${role} where ${condition}`.compile(db),
  ];
}

/** The admins, by name (few: the Make Admin screen lists them all). */
export const adminsQuery = (db: Kysely<Database>) =>
  db.selectFrom('users').select(['id', 'name', 'email']).where('role', '=', 'admin').orderBy('name').orderBy('email').limit(500);

/**
 * Decides an agent request. Approving makes a plain user an agent; disapproving a request
 * that was approved returns its agent to user. Admins are never demoted by either. The last
 * query is the request's own transition: its row count tells whether anything happened.
 */
export function decideAgentRequest(
  db: Kysely<Database>,
  actor: Actor,
  requestId: string,
  status: 'approved' | 'disapproved',
  at: string,
): CompiledQuery[] {
  const roleFrom: Role = status === 'approved' ? 'user' : 'agent';
  const roleTo: Role = status === 'approved' ? 'agent' : 'user';
  // Disapproval changes the role only of a request that had been approved.
  const requestWas = status === 'approved' ? sql`r.status <> 'approved'` : sql`r.status = 'approved'`;
  return [
    sql`insert into audit_log (actor_id, actor_email, action, entity, entity_id, from_value, to_value, at)
        select ${actor.id}, ${actor.email}, 'agent_request.status', 'agent_requests', id, status, ${status}, ${at}
        from agent_requests where id = ${requestId} and status <> ${status}`.compile(db),
    sql`insert into audit_log (actor_id, actor_email, action, entity, entity_id, from_value, to_value, at)
        select ${actor.id}, ${actor.email}, 'role.change', 'users', u.id, u.role, ${roleTo}, ${at}
        from agent_requests r join users u on u.id = r.user_id
        where r.id = ${requestId} and ${requestWas} and u.role = ${roleFrom}`.compile(db),
    sql`update users set role = ${roleTo}
        where role = ${roleFrom} and id = (select r.user_id from agent_requests r where r.id = ${requestId} and ${requestWas})`.compile(db),
    db
      .updateTable('agent_requests')
      .set({ status, updated_at: at })
      .where('id', '=', requestId)
      .where('status', '<>', status)
      .compile(),
  ];
}

/** Deletes an agent request, recording who deleted which one in what state. */
export function deleteAgentRequest(db: Kysely<Database>, actor: Actor, requestId: string, at: string): CompiledQuery[] {
  return [
    sql`insert into audit_log (actor_id, actor_email, action, entity, entity_id, from_value, to_value, at)
        select ${actor.id}, ${actor.email}, 'agent_request.delete', 'agent_requests', id, status, null, ${at}
        from agent_requests where id = ${requestId}`.compile(db),
    db.deleteFrom('agent_requests').where('id', '=', requestId).compile(),
  ];
}
