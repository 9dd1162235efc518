/** The applications assigned to an agent, from the API (GET /applications/assigned/:email). */
import { jsonOrThrow } from '../../lib/api-error.ts';
import { authFetch } from '../../lib/http.ts';
import type { Application } from '../../lib/local-db.ts';

export async function fetchAssignedApplications(email: string, signal?: AbortSignal): Promise<Application[]> {
  const res = await authFetch(`/applications/assigned/${encodeURIComponent(email)}`, { signal });
  const body = await jsonOrThrow<unknown>(res);
  const list = Array.isArray(body) ? body : (body as { data?: unknown })?.data;
  // Spec section 8: anything but a list is reported, not shown half-read.
  if (!Array.isArray(list)) throw new Error('Invalid data format received from server');
  return list as Application[];
}
