/**
 * /api/premiums (issue 49, docs/premiums-api.md): a policy's dues and state, the field agent's
 * collections list and cash collections, and the premium statement of a fiscal year.
 * Who may see a policy's premiums: its holder, its assigned agent and admins; the collections
 * report: admins.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { currentUser } from '../auth/access.ts';
import { findApplication, mayViewApplication } from '../db/applications.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError, forbidden, notFound } from '../http/errors.ts';
import { validate } from '../http/validation.ts';
import { collectionsList } from '../premiums/collections-list.ts';
import { collectPremiums } from '../premiums/collect.ts';
import { idempotencyHeader, keyFromHeader } from '../lib/idempotency.ts';
import { collectionInput, statementQuery } from '../schemas/premium-schedule.ts';
import { policyPremiums, premiumsView } from '../premiums/view.ts';
import { premiumStatement } from '../premiums/statement.ts';
import { collectionsReport } from '../premiums/report.ts';
import { reportMaxDays, reportQuery, reportRange, reportRangeProblem } from '../schemas/premium-report.ts';
import { dhakaToday } from '../schemas/claim.ts';

const applicationParam = z.object({ applicationId: z.string().trim().min(1, 'An application id is required').max(100, 'That id is too long') });
const agentQuery = z.object({ agent: z.string().trim().max(254).optional() });

export const premiumRoutes = new Hono<AppEnv>()
  // Before '/:applicationId', which would take 'report' for an id. Admins only (the access table).
  .get('/report', validate('query', reportQuery), async (c) => {
    const deps = c.get('deps');
    const range = reportRange(c.req.valid('query'), dhakaToday(deps.clock()));
    const problem = reportRangeProblem(range);
    if (problem) throw new ApiError(422, 'validation_failed', problem.message, { fields: { [problem.field]: problem.message }, details: { maxDays: reportMaxDays } });
    return c.json(await collectionsReport(deps.db, range), 200);
  })
  .get('/collections', validate('query', agentQuery), async (c) => {
    const user = currentUser(c);
    const agent = user.role === 'admin' ? (c.req.valid('query').agent ?? null) : user.email;
    return c.json({ items: await collectionsList(c.get('deps'), agent) }, 200);
  })
  .post('/:applicationId/collections', validate('param', applicationParam), validate('json', collectionInput), async (c) => {
    const user = currentUser(c);
    const deps = c.get('deps');
    const { applicationId } = c.req.valid('param');
    const collected = await collectPremiums(deps, user, applicationId, c.req.valid('json'), keyFromHeader(c.req.header(idempotencyHeader), user.id));
    const row = await findApplication(deps.db, applicationId);
    const premiums = row ? await policyPremiums(deps, row) : null;
    return c.json({ receipt: collected.receipt, recordedNow: collected.recordedNow, premiums: premiums ? await premiumsView(deps, premiums) : null }, 201);
  })
  .get('/:applicationId/statement', validate('param', applicationParam), validate('query', statementQuery), async (c) => {
    const premiums = await visiblePremiums(c, c.req.valid('param').applicationId);
    return c.json(await premiumStatement(c.get('deps'), premiums, c.req.valid('query').year), 200);
  })
  .get('/:applicationId', validate('param', applicationParam), async (c) => {
    const premiums = await visiblePremiums(c, c.req.valid('param').applicationId);
    return c.json(await premiumsView(c.get('deps'), premiums), 200);
  });

/** A policy's premiums for its holder, its assigned agent or an admin: 404 for no policy in force, 403 for anyone else. */
async function visiblePremiums(c: Context<AppEnv>, applicationId: string) {
  const deps = c.get('deps');
  const row = await findApplication(deps.db, applicationId);
  if (!row) throw notFound('Policy');
  if (!mayViewApplication(currentUser(c), row)) throw forbidden("You can only see your own policies' premiums.");
  const premiums = await policyPremiums(deps, row);
  if (!premiums) throw notFound('Policy in force');
  return premiums;
}
