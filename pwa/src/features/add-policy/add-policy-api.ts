/** Adding a policy: the image first (POST /uploads, field `image`), then the policy (POST /policies). */
import type { Policy } from 'edge-api/src/db/policies.ts';
import { jsonOrThrow, toApiError } from '../../lib/api-error.ts';
import { api, authFetch } from '../../lib/http.ts';
import { apiPrefix } from 'edge-api/src/api-prefix.ts';

/** What the admin fills in; the server adds the rest (creator, tracking id, dates). `image` is the uploaded image's address. */
export type NewPolicy = Pick<
  Policy,
  'title' | 'category' | 'description' | 'shortDetails' | 'minAge' | 'maxAge' | 'coverageRange' | 'duration' | 'basePremium' | 'image'
>;

/** The upload route reads its multipart form itself (no typed body), so it is called plainly. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const answer = await jsonOrThrow<{ url: string }>(await authFetch(`${apiPrefix}/uploads`, { method: 'POST', body: form }));
  return answer.url;
}

export async function createPolicy(policy: NewPolicy): Promise<{ insertedId: string }> {
  const res = await api.policies.$post({ json: policy }, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
  if (!res.ok) throw await toApiError(res);
  return res.json();
}
