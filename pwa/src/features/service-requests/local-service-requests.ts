/**
 * A page of service requests from the device (issue 51) for when there is no network: the sync
 * pull keeps the holder's own, an agent's on their policies and an admin's open ones
 * (lib/local-db.ts serviceRequests), in the same order and shape as GET /api/service-requests,
 * each request's wait against the service standard worked out again on the device's day.
 */
import { dhakaToday } from 'edge-api/src/schemas/claim.ts';
import { localDb, type ServiceRequest } from '../../lib/local-db.ts';

export interface RequestsPage {
  items: ServiceRequest[];
  total: number;
  page: number;
  pageSize: number;
}

/** Open ones first, the longest waiting at the top; then the newest decisions (as the server's list). */
function listOrder(a: ServiceRequest, b: ServiceRequest): number {
  const open = Number(b.status === 'pending') - Number(a.status === 'pending');
  if (open !== 0) return open;
  if (a.status === 'pending') return a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
  return b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id);
}

export async function requestsOnDevice(page: number, pageSize: number, applicationId: string | undefined, now = new Date()): Promise<RequestsPage> {
  const rows = applicationId ? await localDb.serviceRequests.where('applicationId').equals(applicationId).toArray() : await localDb.serviceRequests.toArray();
  const today = dhakaToday(now);
  const items = rows.sort(listOrder).map((row) => ({ ...row, overdue: row.status === 'pending' && today > row.dueOn }));
  return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
}
