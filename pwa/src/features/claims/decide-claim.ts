/**
 * An agent's decision on a policy claim (approve or reject): the ONE place the screens call
 * for it, so the offline layer can route it through the outbox. The idempotency key makes a
 * repeated request count once on the server.
 */
import { jsonOrThrow } from '../../lib/api-error.ts';
import { authFetch } from '../../lib/http.ts';
import { localDb, type Application } from '../../lib/local-db.ts';

export type ClaimDecision = 'approved' | 'rejected';

export interface ClaimDecided {
  success: true;
  message: string;
  application: Application;
}

export async function decideClaim(id: string, status: ClaimDecision): Promise<ClaimDecided> {
  const res = await authFetch(`/applications/${encodeURIComponent(id)}/status`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ status }),
  });
  const answer = await jsonOrThrow<ClaimDecided>(res);
  // The device's copy follows at once (the next sync brings the same row).
  if (answer.application) await localDb.applications.put(answer.application);
  return answer;
}
