/** /api/make-admin: an admin makes another user an admin (recorded in the audit log). */
import { Hono } from 'hono';
import { access, currentUser } from '../auth/access.ts';
import { actorOf, promoteToAdmin } from '../auth/role-changes.ts';
import { makeAdminBody } from '../schemas/auth.ts';
import { roleByEmailStatement } from '../db/users.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validation.ts';

export const makeAdminRoutes = new Hono<AppEnv>()
  .put('/', access('PUT /make-admin'), validate('json', makeAdminBody), async (c) => {
    const { email } = c.req.valid('json');
    const { deps } = c.var;
    const results = await deps.batch([
      ...promoteToAdmin(deps.db, actorOf(currentUser(c)), email, deps.clock().toISOString()),
      roleByEmailStatement(deps.db, email),
    ]);
    if (!results.at(-1)?.rows.length) throw notFound('User');
    return c.json({ message: 'User is now an admin' }, 200);
  });
