/** GET /api/audit's query: a page of the audit log, optionally about one entity. */
import { z } from './zod.ts';

export const auditPage = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').optional(),
  before: z.coerce.number({ error: 'before must be a cursor from an earlier page' }).int('before must be a cursor from an earlier page').positive('before must be a cursor from an earlier page').optional(),
  entity: z.string().trim().max(50).optional(),
  entityId: z.string().trim().max(100).optional(),
});
export type AuditPageQuery = z.infer<typeof auditPage>;
