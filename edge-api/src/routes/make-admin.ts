/**
 * /api/make-admin: an admin makes another user an admin, lists the admins, and returns another
 * admin to user or agent, never the last one (issue 29). Every change is in the audit log.
 */
import { Hono } from 'hono';
import { currentUser } from '../auth/access.ts';
import { actorOf, adminsQuery, demoteAdmin, promoteToAdmin } from '../auth/role-changes.ts';
import { demoteAdminBody, makeAdminBody } from '../schemas/auth.ts';
import { roleByEmailStatement, sameEmail } from '../db/users.ts';
import type { AppEnv } from '../http/env.ts';
import { conflict, notFound } from '../http/errors.ts';
import { validate } from '../http/validation.ts';

export const lastAdminMessage = 'The last admin cannot be demoted. Make someone else an admin first.';
export const selfDemotionMessage = 'You cannot demote yourself. Ask another admin to do it.';

export const makeAdminRoutes = new Hono<AppEnv>()
  .put('/', validate('json', makeAdminBody), async (c) => {
    const { email } = c.req.valid('json');
    const { deps } = c.var;
    const results = await deps.batch([
      ...promoteToAdmin(deps.db, actorOf(currentUser(c)), email, deps.clock().toISOString()),
      roleByEmailStatement(deps.db, email),
    ]);
    if (!results.at(-1)?.rows.length) throw notFound('User');
    return c.json({ message: 'User is now an admin' }, 200);
  })
  .get('/admins', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await adminsQuery(c.var.deps.db).execute() }, 200);
  })
  .put('/demote', validate('json', demoteAdminBody), async (c) => {
    const { email, role } = c.req.valid('json');
    const { deps } = c.var;
    const actor = currentUser(c);
    if (sameEmail(actor.email, email)) throw conflict(selfDemotionMessage);
    const results = await deps.batch([
      ...demoteAdmin(deps.db, actorOf(actor), email, role, deps.clock().toISOString()),
      roleByEmailStatement(deps.db, email),
    ]);
    if ((results[1]?.changes ?? 0) > 0) return c.json({ message: role === 'agent' ? 'The admin is now an agent' : 'The admin is now a user', role }, 200);
    const now = results.at(-1)?.rows[0] as { role?: string } | undefined;
    if (!now) throw notFound('User');
    if (now.role !== 'admin') throw conflict('This person is not an admin.', { role: now.role });
    throw conflict(lastAdminMessage);
  });
