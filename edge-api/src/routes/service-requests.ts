/** /api/service-requests: policy servicing (issue 51, commands/service-requests.ts). */
import { Hono } from 'hono';
import { currentUser } from '../auth/access.ts';
import { decideServiceRequest, listServiceRequests, requestServiceChange } from '../commands/service-requests.ts';
import type { AppEnv } from '../http/env.ts';
import { validate } from '../http/validation.ts';
import { idParam } from '../schemas/params.ts';
import { serviceDecisionInput, serviceRequestInput, serviceRequestListQuery } from '../schemas/service-request.ts';
import { mutationKey, reply } from './reply.ts';

export const serviceRequestRoutes = new Hono<AppEnv>()
  .post('/', validate('json', serviceRequestInput), async (c) => {
    const user = currentUser(c);
    return reply(c, await requestServiceChange(c.var.deps, user, c.req.valid('json'), mutationKey(c, user)));
  })
  .get('/', validate('query', serviceRequestListQuery), async (c) => {
    const { deps } = c.var;
    return c.json(await listServiceRequests({ ...deps, workingDays: deps.config.serviceRequestWorkingDays }, currentUser(c), c.req.valid('query')), 200);
  })
  .post('/:id/decision', validate('param', idParam), validate('json', serviceDecisionInput), async (c) => {
    return c.json(await decideServiceRequest(c.var.deps, currentUser(c), c.req.valid('param').id, c.req.valid('json')), 200);
  });
