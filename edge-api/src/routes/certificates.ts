/** /api/certificates/:id: the certificate of a policy in force (approved and paid), for its owner and admins. */
import { Hono } from 'hono';
import { currentUser } from '../auth/access.ts';
import { findApplication, isOwner } from '../db/applications.ts';
import type { AppEnv } from '../http/env.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { validate } from '../http/validation.ts';
import { certificateOf, policyTermsRow, termsOf } from '../payments/papers.ts';
import { idParam } from '../schemas/params.ts';

export const certificateRoutes = new Hono<AppEnv>().get('/:id', validate('param', idParam), async (c) => {
  const user = currentUser(c);
  const { db } = c.var.deps;
  const row = await findApplication(db, c.req.valid('param').id);
  if (!row) throw notFound('Certificate');
  if (user.role !== 'admin' && !isOwner(user, row)) throw forbidden('You can only see your own certificates.');
  const certificate = certificateOf(row);
  if (!certificate) throw notFound('Certificate');
  return c.json({ ...certificate, ...termsOf(certificate.startsAt, await policyTermsRow(db, row.policy_id)) }, 200);
});
