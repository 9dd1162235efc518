/** The audit log, newest first, paged by a cursor (the id of the last row shown). */
import type { Kysely } from 'kysely';
import { toAuditRecord } from './audit-log.ts';
import type { AuditPageQuery } from '../schemas/audit.ts';
import type { Database } from './schema.ts';

export async function auditLogPage(db: Kysely<Database>, { limit = 50, before, entity, entityId }: AuditPageQuery) {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit + 1);
  if (before !== undefined) query = query.where('id', '<', before);
  if (entity) query = query.where('entity', '=', entity);
  if (entityId) query = query.where('entity_id', '=', entityId);
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  const more = rows.length > limit;
  return { items: page.map(toAuditRecord), nextCursor: more ? String(page.at(-1)?.id) : null };
}
