/** /api/receipts/:id: the receipt of an application's confirmed payment, for its owner and admins. */
import { Hono } from 'hono';
import { currentUser } from '../auth/access.ts';
import { findApplication, isOwner } from '../db/applications.ts';
import type { AppEnv } from '../http/env.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { validate } from '../http/validation.ts';
import { receiptOf } from '../payments/papers.ts';
import { idParam } from '../schemas/params.ts';

export const receiptRoutes = new Hono<AppEnv>().get('/:id', validate('param', idParam), async (c) => {
  const user = currentUser(c);
  const row = await findApplication(c.var.deps.db, c.req.valid('param').id);
  if (!row) throw notFound('Receipt');
  if (user.role !== 'admin' && !isOwner(user, row)) throw forbidden('You can only see your own receipts.');
  const receipt = receiptOf(row);
  if (!receipt) throw notFound('Receipt');
  return c.json(receipt, 200);
});
