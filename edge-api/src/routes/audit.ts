/** /api/audit: the audit log, newest first, paged by a cursor. */
import { Hono } from 'hono';
import { z } from 'zod';
import { access } from '../auth/access.ts';
import type { AppEnv } from '../env.ts';
import { toAuditRecord } from '../lib/audit.ts';
import { validate } from '../validation.ts';

const auditPage = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').optional(),
  before: z.coerce.number({ error: 'before must be a cursor from an earlier page' }).int('before must be a cursor from an earlier page').positive('before must be a cursor from an earlier page').optional(),
  entity: z.string().trim().max(50).optional(),
  entityId: z.string().trim().max(100).optional(),
});

export const auditRoutes = new Hono<AppEnv>()
  .get('/', access('GET /audit'), validate('query', auditPage), async (c) => {
    const { limit = 50, before, entity, entityId } = c.req.valid('query');
    let query = c.var.deps.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit + 1);
    if (before !== undefined) query = query.where('id', '<', before);
    if (entity) query = query.where('entity', '=', entity);
    if (entityId) query = query.where('entity_id', '=', entityId);
    const rows = await query.execute();
    const page = rows.slice(0, limit);
    const more = rows.length > limit;
    return c.json({ items: page.map(toAuditRecord), nextCursor: more ? String(page.at(-1)?.id) : null }, 200);
  });
