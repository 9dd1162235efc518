/**
 * Deletes one of the user's own pending applications: the ONE place the screens call for it,
 * so the offline layer can route it through the outbox. The idempotency key lets a repeated
 * request be recognised by the server as the same deletion.
 */
import { ApiRequestError, toApiError } from '../../lib/api-error.ts';
import { authFetch } from '../../lib/http.ts';
import { localDb } from '../../lib/local-db.ts';

export async function deleteApplication(id: string): Promise<void> {
  const res = await authFetch(`/applications/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  const gone = res.ok || res.status === 404;
  // Deleted now or already gone: either way the local copy must not show it any more.
  if (gone) await localDb.applications.delete(id);
  if (!res.ok) throw await toApiError(res);
}

/** True when the server says the application does not exist (any more). */
export const isAlreadyGone = (error: unknown) => error instanceof ApiRequestError && error.status === 404;
