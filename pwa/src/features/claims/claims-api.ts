/**
 * The claims waiting for an agent, from the API, for when the device's copy is not there yet:
 * the first 100 open ones (GET /applications/assigned/:email/search?status=open). The device
 * keeps every open claim (docs/decisions/0060-agent-offline-scope.md), so the screen reads it
 * from there once it is filled.
 */
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import type { Application } from '../../lib/local-db.ts';

export async function fetchAssignedApplications(email: string, signal?: AbortSignal): Promise<Application[]> {
  const res = await api.applications.assigned[':email'].search.$get(
    { param: { email }, query: { status: 'open', pageSize: '100' } },
    { init: { signal } },
  );
  const body: { items?: unknown } = await answerOf(res);
  // Spec section 8: anything but a list is reported, not shown half-read.
  if (!Array.isArray(body.items)) throw new Error('Invalid data format received from server');
  return body.items as Application[];
}
