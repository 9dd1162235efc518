/**
 * Insurance claims (issue 31, docs/decisions/0084-claims.md). Reads check whose claim it is here;
 * every step is a command of commands/claims.ts and commands/claim-steps.ts, shared with sync push.
 */
import { Hono } from 'hono';
import { currentUser } from '../auth/access.ts';
import { findClaim, maySeeClaim, toClaim } from '../db/claims.ts';
import { fileClaim } from '../commands/claims.ts';
import { assignClaim, claimNotFoundMessage, recordClaimPayout, resubmitClaim, reviewClaim } from '../commands/claim-steps.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError, forbidden } from '../http/errors.ts';
import { validate } from '../http/validation.ts';
import { claimListQuery, listClaims, suggestAgents } from '../lists/claim-list.ts';
import { claimAssignInput, claimInput, claimPayoutInput, claimResubmitInput, claimReviewInput } from '../schemas/claim.ts';
import { idParam } from '../schemas/params.ts';
import { mutationKey, reply } from './reply.ts';

export const claimRoutes = new Hono<AppEnv>()
  .post('/', validate('json', claimInput), async (c) => {
    const user = currentUser(c);
    return reply(c, await fileClaim(c.var.deps, user, c.req.valid('json'), mutationKey(c, user)));
  })
  .get('/', validate('query', claimListQuery), async (c) => {
    const user = currentUser(c);
    return c.json(await listClaims(c.var.deps.db, user, c.req.valid('query'), c.var.deps.clock()), 200);
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const user = currentUser(c);
    const row = await findClaim(c.var.deps.db, c.req.valid('param').id);
    if (!row) throw new ApiError(404, 'not_found', claimNotFoundMessage);
    if (!maySeeClaim(user, row)) throw forbidden('You can only see your own claims, or the claims assigned to you.');
    // The admin assigns from this screen: the agents of the claim's district come first.
    const suggestedAgents = user.role === 'admin' ? await suggestAgents(c.var.deps.db, row) : [];
    return c.json({ claim: toClaim(row, user.role), suggestedAgents }, 200);
  })
  .patch('/:id/assign', validate('param', idParam), validate('json', claimAssignInput), async (c) => {
    const user = currentUser(c);
    return reply(c, await assignClaim(c.var.deps, user, c.req.valid('param').id, c.req.valid('json'), mutationKey(c, user)));
  })
  .post('/:id/review', validate('param', idParam), validate('json', claimReviewInput), async (c) => {
    const user = currentUser(c);
    return reply(c, await reviewClaim(c.var.deps, user, c.req.valid('param').id, c.req.valid('json'), mutationKey(c, user)));
  })
  .post('/:id/resubmit', validate('param', idParam), validate('json', claimResubmitInput), async (c) => {
    const user = currentUser(c);
    return reply(c, await resubmitClaim(c.var.deps, user, c.req.valid('param').id, c.req.valid('json'), mutationKey(c, user)));
  })
  .post('/:id/payout', validate('param', idParam), validate('json', claimPayoutInput), async (c) => {
    const user = currentUser(c);
    return reply(c, await recordClaimPayout(c.var.deps, user, c.req.valid('param').id, c.req.valid('json'), mutationKey(c, user)));
  });
