/**
 * Applications (spec section 7). Reads check whose data it is here; writes are the commands of
 * commands/applications.ts, shared with sync push.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { currentUser } from '../auth/access.ts';
import { sameEmail } from '../db/users.ts';
import { applyForPolicy, assignAgent, decideApplication, deleteApplication, mayListApplicationsOf, rejectApplication } from '../commands/applications.ts';
import { applicationInput, assignInput, decisionInput, rejectInput } from '../schemas/application.ts';
import { applicationsOf, findApplication, mayViewApplication, mayViewPapers, toApplication } from '../db/applications.ts';
import type { AppEnv, SessionUser } from '../http/env.ts';
import { applicationListQuery, assignedListQuery, listApplications, listAssignedApplications } from '../lists/application-list.ts';
import { ApiError, forbidden } from '../http/errors.ts';
import { emptyBodyIsEmptyObject, validate } from '../http/validation.ts';
import { idParam } from '../schemas/params.ts';
import { mutationKey, reply } from './reply.ts';
import { applicantProvenPhone, numberIsProven } from '../db/numbers-proven.ts';

const emailQuery = z.object({
  email: z.string().trim().max(254, 'That email is too long').optional(),
});
const emailParam = z.object({ email: z.string().trim().min(1, 'An email is required').max(254, 'That email is too long') });

/** The newest assignments the spec's unpaged GET /applications/assigned/:email returns. */
const assignedBound = 500;

/** An agent lists their own assignments, an admin anyone's; the email as stored (lower case). */
function mayListAssigned(user: SessionUser, email: string): string {
  if (user.role !== 'admin' && !sameEmail(user.email, email)) throw forbidden('You can only see the applications assigned to you.');
  return email.toLowerCase();
}

export const applicationRoutes = new Hono<AppEnv>()
  .post('/', validate('json', applicationInput), async (c) => {
    const user = currentUser(c);
    return reply(c, await applyForPolicy(c.get('deps'), user, c.req.valid('json'), mutationKey(c, user)));
  })
  .get('/', validate('query', emailQuery), async (c) => {
    const user = currentUser(c);
    const email = c.req.valid('query').email || user.email;
    if (!mayListApplicationsOf(user, email)) throw forbidden('You can only see your own applications.');
    const rows = await applicationsOf(c.var.deps.db, email, sameEmail(email, user.email) ? user.id : null);
    return c.json(rows.map((row) => toApplication(row, mayViewPapers(user, row))), 200);
  })
  .get('/all', async (c) => {
    // The spec's unpaged call keeps a bounded default page; screens use /applications/search.
    const page = await listApplications(c.var.deps.db, { pageSize: 500 });
    return c.json(page.items, 200);
  })
  .get('/search', validate('query', applicationListQuery), async (c) => {
    return c.json(await listApplications(c.var.deps.db, c.req.valid('query')), 200);
  })
  .get('/assigned/:email/search', validate('param', emailParam), validate('query', assignedListQuery), async (c) => {
    const email = mayListAssigned(currentUser(c), c.req.valid('param').email);
    return c.json(await listAssignedApplications(c.var.deps.db, email, c.req.valid('query')), 200);
  })
  .get('/assigned/:email', validate('param', emailParam), async (c) => {
    const email = mayListAssigned(currentUser(c), c.req.valid('param').email);
    // The spec's unpaged call keeps a bounded default page; screens use /assigned/:email/search.
    const page = await listAssignedApplications(c.var.deps.db, email, { pageSize: assignedBound });
    return c.json(page.items, 200);
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const user = currentUser(c);
    const row = await findApplication(c.var.deps.db, c.req.valid('param').id);
    if (!row) throw new ApiError(404, 'not_found', 'Application not found');
    if (!mayViewApplication(user, row)) throw forbidden('You can only see your own applications.');
    const proven = await c.var.deps.db.selectFrom('applications').select(applicantProvenPhone).where('id', '=', row.id).executeTakeFirst();
    return c.json({ ...toApplication(row, mayViewPapers(user, row)), phoneVerified: numberIsProven(row.phone, proven?.applicant_proven_phone) }, 200);
  })
  .delete('/:id', validate('param', idParam), async (c) => {
    const user = currentUser(c);
    return reply(c, await deleteApplication(c.var.deps, user, c.req.valid('param').id, mutationKey(c, user)));
  })
  .patch(
    '/assign/:id',
    validate('param', idParam),
    validate('json', assignInput),
    async (c) => {
      const user = currentUser(c);
      const { id } = c.req.valid('param');
      return reply(c, await assignAgent(c.var.deps, user, id, c.req.valid('json'), mutationKey(c, user)));
    },
  )
  .patch(
    '/reject/:id',
    validate('param', idParam),
    // Without a body (the spec's call) the reason is simply absent.
    emptyBodyIsEmptyObject,
    validate('json', rejectInput),
    async (c) => {
      const user = currentUser(c);
      return reply(c, await rejectApplication(c.var.deps, user, c.req.valid('param').id, c.req.valid('json'), mutationKey(c, user)));
    },
  )
  .patch(
    '/:id/status',
    validate('param', idParam),
    validate('json', decisionInput),
    async (c) => {
      const user = currentUser(c);
      const { id } = c.req.valid('param');
      return reply(c, await decideApplication(c.var.deps, user, id, c.req.valid('json'), mutationKey(c, user)));
    },
  );
