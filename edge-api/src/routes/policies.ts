import { Hono, type TypedResponse } from 'hono';
import { access, currentUser } from '../auth/access.ts';
import { countPolicyView, createPolicy, deletePolicy, updatePolicy } from '../commands/policies.ts';
import { policyInput, policyPatch } from '../schemas/policy.ts';
import { countRequest } from '../lib/rate-limit.ts';
import { policyById, popularityOf, toPolicy, type Policy } from '../db/policies.ts';
import { policyCatalogue } from '../db/policy-catalogue.ts';
import { popularPolicies } from '../db/popular-policies.ts';
import type { AppEnv } from '../env.ts';
import { publicCache } from '../security.ts';
import { notFound } from '../errors.ts';
import { idParam } from '../schemas/params.ts';
import { validate } from '../validation.ts';
import { mutationKey, reply } from './reply.ts';

/** /api/policies: the public catalogue and its reads; admins create, edit and delete. */
export const policyRoutes = new Hono<AppEnv>()
  .get('/', access('GET /policies'), publicCache(), async (c) => {
    const catalogue = await policyCatalogue(c.var.deps.db, c.var.deps.config.catalogueRefreshMs);
    c.header('ETag', catalogue.etag);
    // A client that already has this exact catalogue gets no body. If-None-Match compares
    // weakly: the tag may come back as W/"..." after the Node server compressed the answer.
    const known = c.req.header('if-none-match');
    const matches = (tag: string) => tag === '*' || tag.replace(/^W\//, '') === catalogue.etag;
    if (known?.split(',').some((tag) => matches(tag.trim()))) {
      return c.body(null, 304) as unknown as TypedResponse<Policy[], 200, 'json'>;
    }
    c.header('Content-Type', 'application/json');
    // The same body c.json would send, serialised once per catalogue change (db/policy-catalogue.ts).
    return c.body(catalogue.json, 200) as unknown as TypedResponse<Policy[], 200, 'json'>;
  })
  .get('/6', access('GET /policies/6'), publicCache(), async (c) => c.json(await popularPolicies(c.var.deps.db), 200))
  .get('/:id', access('GET /policies/:id'), publicCache(), validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db } = c.var.deps;
    const [row] = (await policyById.execute(db, id)).rows;
    if (!row) throw notFound('Policy');
    // A view counts towards popularity; it is kept out of the policy row so it is not re-synced.
    // Past its view limit a client still reads the policy, but its views no longer count.
    if ((await countRequest(c, 'views')) === null) await countPolicyView(db, id);
    const policy = toPolicy(row);
    return c.json({ ...policy, popularity: popularityOf((row.view_count ?? 0) + 1, row.application_count ?? 0) }, 200);
  })
  .post('/', access('POST /policies'), validate('json', policyInput), async (c) => {
    const user = currentUser(c);
    return reply(c, await createPolicy(c.var.deps, user, c.req.valid('json'), mutationKey(c, user)));
  })
  .patch('/:id', access('PATCH /policies/:id'), validate('param', idParam), validate('json', policyPatch), async (c) => {
    const user = currentUser(c);
    return c.json(await updatePolicy(c.var.deps, user, c.req.valid('param').id, c.req.valid('json')), 200);
  })
  .delete('/:id', access('DELETE /policies/:id'), validate('param', idParam), async (c) => {
    const user = currentUser(c);
    return c.json(await deletePolicy(c.var.deps, user, c.req.valid('param').id), 200);
  });
