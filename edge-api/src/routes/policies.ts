import { Hono, type TypedResponse } from 'hono';
import { currentUser } from '../auth/access.ts';
import { createPolicy, deletePolicy, updatePolicy } from '../commands/policies.ts';
import { policyInput, policyPatch } from '../schemas/policy.ts';
import { clientAddress } from '../http/client-address.ts';
import { popularityOf, type Policy } from '../db/policies.ts';
import { policyAnswer } from '../db/policy-answers.ts';
import { policyCatalogue } from '../db/policy-catalogue.ts';
import { popularPolicies } from '../db/popular-policies.ts';
import { policySearchQuery, searchCatalogue } from '../lists/policy-search-index.ts';
import type { AppEnv } from '../http/env.ts';
import { publicCache, revalidatedPublicly } from '../http/security.ts';
import { completeAnswer } from '../http/complete-answer.ts';
import { notFound } from '../http/errors.ts';
import { idParam } from '../schemas/params.ts';
import { validate, validationFailure } from '../http/validation.ts';
import { mutationKey, reply } from './reply.ts';

const jsonBytes = new TextEncoder();

/** /api/policies: the public catalogue and its reads; admins create, edit and delete. */
export const policyRoutes = new Hono<AppEnv>()
  .get('/', publicCache(), async (c) => {
    const { db, config, views } = c.var.deps;
    const catalogue = await policyCatalogue(db, config.catalogueRefreshMs, views);
    c.header('ETag', catalogue.etag);
    // A client that already has this exact catalogue gets no body. If-None-Match compares
    // weakly: the tag may come back as W/"..." after the Node server compressed the answer.
    const known = c.req.header('if-none-match');
    const matches = (tag: string) => tag === '*' || tag.replace(/^W\//, '') === catalogue.etag;
    if (known?.split(',').some((tag) => matches(tag.trim()))) {
      return c.body(null, 304) as unknown as TypedResponse<Policy[], 200, 'json'>;
    }
    c.header('Content-Type', 'application/json');
    // With its length: the Node server checks a kept gzip copy against it (node/compressed-by-tag.ts).
    c.header('Content-Length', String(catalogue.json.byteLength));
    // The same body c.json would send, serialised once per catalogue change (db/policy-catalogue.ts).
    return c.body(catalogue.json, 200) as unknown as TypedResponse<Policy[], 200, 'json'>;
  })
  .get('/6', publicCache(), async (c) => {
    // The ranking is read from policy_stats: this process's counted views go in first (a no-op
    // when none wait), so the six agree with the policies' own pages.
    await c.var.deps.views.flush();
    return c.json(await popularPolicies(c.var.deps.db), 200);
  })
  // The catalogue search for pages whose catalogue is not on the device yet (issue 29).
  .get('/search', publicCache(), validate('query', policySearchQuery), async (c) => {
    return c.json(await searchCatalogue(c.var.deps.db, c.req.valid('query')), 200);
  })
  // The hottest read (issue 32): the id's check and the public caching are done in the handler,
  // in the same order and with the same answers as validate('param', idParam) and publicCache(),
  // without the two awaited layers they would add to every request.
  .get('/:id', async (c) => {
    const param = idParam.safeParse({ id: c.req.param('id') });
    if (!param.success) throw validationFailure('param', param.error);
    const { id } = param.data;
    const { db, views } = c.get('deps');
    const answer = await policyAnswer(db, id);
    if (!answer) throw notFound('Policy');
    // A view counts towards popularity, in memory and written in batches (lib/view-counter.ts).
    // Past its view limit a client still reads the policy, but its views no longer count.
    views.count(id, clientAddress(c));
    const popularity = popularityOf(answer.viewCount + views.unwritten(id), answer.applicationCount);
    // toPolicy's JSON, kept per catalogue version (db/policy-answers.ts), with today's popularity.
    const body = jsonBytes.encode(answer.before + popularity + answer.after);
    // With its length: the Node server then need not read the answer back to learn whether it
    // is worth compressing (static-pwa.ts; ~80 µs of this read). Every header in one object:
    // the catalogue's hottest read (http/complete-answer.ts).
    const headers = { 'content-type': 'application/json', 'content-length': String(body.byteLength), 'cache-control': revalidatedPublicly };
    return completeAnswer(c, body, 200, headers) as unknown as TypedResponse<Policy, 200, 'json'>;
  })
  .post('/', validate('json', policyInput), async (c) => {
    const user = currentUser(c);
    return reply(c, await createPolicy(c.var.deps, user, c.req.valid('json'), mutationKey(c, user)));
  })
  .patch('/:id', validate('param', idParam), validate('json', policyPatch), async (c) => {
    const user = currentUser(c);
    return c.json(await updatePolicy(c.var.deps, user, c.req.valid('param').id, c.req.valid('json')), 200);
  })
  .delete('/:id', validate('param', idParam), async (c) => {
    const user = currentUser(c);
    return c.json(await deletePolicy(c.var.deps, user, c.req.valid('param').id), 200);
  });
