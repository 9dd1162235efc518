/** The user's own applications from the API (used when the local copy is not filled yet). */
import { jsonOrThrow } from '../../lib/api-error.ts';
import { authFetch } from '../../lib/http.ts';
import type { Application } from '../../lib/local-db.ts';

/** The spec allows a bare array or `{ data: [...] }`; both are read. */
const listOf = <T,>(body: T[] | { data: T[] }): T[] => (Array.isArray(body) ? body : body.data);

export async function fetchMyApplications(email: string, signal?: AbortSignal): Promise<Application[]> {
  const res = await authFetch(`/applications?email=${encodeURIComponent(email)}`, { signal });
  return listOf(await jsonOrThrow<Application[] | { data: Application[] }>(res));
}

export async function fetchApplication(id: string, signal?: AbortSignal): Promise<Application> {
  const res = await authFetch(`/applications/${encodeURIComponent(id)}`, { signal });
  return jsonOrThrow<Application>(res);
}
