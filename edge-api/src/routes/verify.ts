/**
 * /api/verify/:code: anyone holding a certificate's QR code may ask whether the policy is valid
 * and in force. The answer names the holder masked and nothing else personal; the code is 128
 * random bits and the lookup is rate limited per client, so codes cannot be walked.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validation.ts';
import { rateLimit } from '../lib/rate-limit.ts';
import { verifyCertificate } from '../payments/papers.ts';
import { policyPremiums } from '../premiums/view.ts';
import type { PolicyState } from '../schemas/premium-schedule.ts';

const codeParam = z.object({ code: z.string().trim().max(64, 'That code is too long') });

export const verifyRoutes = new Hono<AppEnv>().get('/:code', rateLimit('verify'), validate('param', codeParam), async (c) => {
  const deps = c.var.deps;
  const code = c.req.valid('param').code.toLowerCase();
  const now = deps.clock();
  const verification = await verifyCertificate(deps.db, code, now);
  if (!verification) throw notFound('Certificate');
  // Issue 49: a lapsed or matured policy is not in force, and the answer says which.
  const row = verification.valid ? await deps.db.selectFrom('applications').selectAll().where('verify_code', '=', code).executeTakeFirst() : undefined;
  const premiums = row ? await policyPremiums(deps, row) : null;
  const termOver = verification.valid && verification.endsAt !== null && now.toISOString() >= verification.endsAt;
  const state: PolicyState | null = premiums?.standing.state ?? (verification.inForce ? 'in_force' : termOver ? 'matured' : null);
  return c.json({ ...verification, inForce: verification.inForce && (state === 'in_force' || state === 'in_grace'), state }, 200);
});
