import { Hono, type TypedResponse } from 'hono';
import { sql } from 'kysely';
import { countRequest } from '../lib/rate-limit.ts';
import { z } from 'zod';
import { access } from '../auth/access.ts';
import { policyById, popularityOf, selectPolicies, toPolicy, type Policy } from '../db/policies.ts';
import { policyCatalogue } from '../db/policy-catalogue.ts';
import type { AppEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { validate } from '../validation.ts';

export const idParam = z.object({ id: z.string().trim().min(1, 'An id is required').max(100, 'That id is too long') });

const popularCount = 6;

export const policyReadRoutes = new Hono<AppEnv>()
  .get('/policies', access('GET /policies'), async (c) => {
    const catalogue = await policyCatalogue(c.var.deps.db);
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
  .get('/policies/6', access('GET /policies/6'), async (c) => {
    const rows = await selectPolicies(c.var.deps.db)
      .orderBy(
        sql`coalesce(policy_stats.view_count, 0) + 5 * coalesce(policy_stats.application_count, 0)`,
        'desc',
      )
      .orderBy('policies.creation_date', 'desc')
      .limit(popularCount)
      .execute();
    return c.json(rows.map(toPolicy), 200);
  })
  .get('/policies/:id', access('GET /policies/:id'), validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db } = c.var.deps;
    const [row] = (await policyById.execute(db, id)).rows;
    if (!row) throw notFound('Policy');
    // A view counts towards popularity; it is kept out of the policy row so it is not re-synced.
    // Past its view limit a client still reads the policy, but its views no longer count.
    if ((await countRequest(c, 'views')) === null) await db
      .insertInto('policy_stats')
      .values({ policy_id: id, view_count: 1 })
      .onConflict((oc) => oc.column('policy_id').doUpdateSet({ view_count: sql`view_count + 1` }))
      .execute();
    const policy = toPolicy(row);
    return c.json({ ...policy, popularity: popularityOf((row.view_count ?? 0) + 1, row.application_count ?? 0) }, 200);
  });
