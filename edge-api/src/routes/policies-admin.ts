/** Admins create, edit and delete policies; the public reads are in routes/policies.ts. */
import { Hono } from 'hono';
import { access, currentUser } from '../auth/access.ts';
import { createPolicy, deletePolicy, policyInput, policyPatch, updatePolicy } from '../commands/policies.ts';
import type { AppEnv } from '../env.ts';
import { validate } from '../validation.ts';
import { idParam } from './policies.ts';
import { mutationKey, reply } from './reply.ts';

export const policyAdminRoutes = new Hono<AppEnv>()
  .post('/policies', access('POST /policies'), validate('json', policyInput), async (c) => {
    const user = currentUser(c);
    return reply(c, await createPolicy(c.var.deps, user, c.req.valid('json'), mutationKey(c, user)));
  })
  .patch('/policies/:id', access('PATCH /policies/:id'), validate('param', idParam), validate('json', policyPatch), async (c) => {
    const user = currentUser(c);
    return c.json(await updatePolicy(c.var.deps, user, c.req.valid('param').id, c.req.valid('json')), 200);
  })
  .delete('/policies/:id', access('DELETE /policies/:id'), validate('param', idParam), async (c) => {
    const user = currentUser(c);
    return c.json(await deletePolicy(c.var.deps, user, c.req.valid('param').id), 200);
  });
