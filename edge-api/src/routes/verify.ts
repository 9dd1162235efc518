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

const codeParam = z.object({ code: z.string().trim().max(64, 'That code is too long') });

export const verifyRoutes = new Hono<AppEnv>().get('/:code', rateLimit('verify'), validate('param', codeParam), async (c) => {
  const { db, clock } = c.var.deps;
  const verification = await verifyCertificate(db, c.req.valid('param').code.toLowerCase(), clock());
  if (!verification) throw notFound('Certificate');
  return c.json(verification, 200);
});
