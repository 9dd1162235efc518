/** The applications assigned to an agent, from the API (GET /applications/assigned/:email). */
import { toApiError } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import type { Application } from '../../lib/local-db.ts';

export async function fetchAssignedApplications(email: string, signal?: AbortSignal): Promise<Application[]> {
  const res = await api.applications.assigned[':email'].$get({ param: { email } }, { init: { signal } });
  if (!res.ok) throw await toApiError(res);
  const body: unknown = await res.json();
  // Spec section 8: anything but a list is reported, not shown half-read.
  if (!Array.isArray(body)) throw new Error('Invalid data format received from server');
  return body as Application[];
}
