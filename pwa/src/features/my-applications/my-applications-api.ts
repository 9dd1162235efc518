/** The user's own applications from the API (used when the local copy is not filled yet). */
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import type { Application } from '../../lib/local-db.ts';

export async function fetchMyApplications(email: string, signal?: AbortSignal): Promise<Application[]> {
  const res = await api.applications.$get({ query: { email } }, { init: { signal } });
  return answerOf(res);
}

export async function fetchApplication(id: string, signal?: AbortSignal): Promise<Application> {
  const res = await api.applications[':id'].$get({ param: { id } }, { init: { signal } });
  return answerOf(res);
}
