/**
 * /api/certificates/:id: the certificate of a policy in force (approved and paid), for its owner
 * and admins. `verifyPath` is where its QR code leads: the public check, in the holder's language
 * (issue 48), on whichever origin shows it. `premiums` (issue 49): the policy's state today and its
 * next due, or null for a policy sold before premiums were kept (no schedule).
 */
import { Hono } from 'hono';
import { currentUser } from '../auth/access.ts';
import { findApplication, isOwner } from '../db/applications.ts';
import type { AppEnv } from '../http/env.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { accountLanguage, pathInLanguage } from '../http/person-address.ts';
import { validate } from '../http/validation.ts';
import { certificateOf, policyTermsRow, termsOf, verifyPathOf } from '../payments/papers.ts';
import { idParam } from '../schemas/params.ts';
import { policyPremiums, toDueView } from '../premiums/view.ts';

export const certificateRoutes = new Hono<AppEnv>().get('/:id', validate('param', idParam), async (c) => {
  const user = currentUser(c);
  const { db } = c.var.deps;
  const row = await findApplication(db, c.req.valid('param').id);
  if (!row) throw notFound('Certificate');
  if (user.role !== 'admin' && !isOwner(user, row)) throw forbidden('You can only see your own certificates.');
  const certificate = certificateOf(row);
  if (!certificate) throw notFound('Certificate');
  const [terms, language, premiums] = await Promise.all([policyTermsRow(db, row.policy_id), accountLanguage(db, row.user_id), policyPremiums(c.var.deps, row)]);
  const standing = premiums && {
    state: premiums.standing.state,
    graceEndsOn: premiums.standing.graceEndsOn,
    lapsedOn: premiums.standing.lapsedOn,
    nextDue: premiums.standing.nextDue && toDueView(premiums.standing.nextDue, premiums.today),
  };
  return c.json(
    { ...certificate, ...termsOf(certificate.startsAt, terms, row.coverage_poisha ?? null), verifyPath: pathInLanguage(verifyPathOf(certificate.verifyCode), language), premiums: standing },
    200,
  );
});
