/** Adding a policy: the image first (POST /uploads, field `image`), then the policy (POST /policies). */
import { jsonOrThrow, toApiError } from '../../lib/api-error.ts';
import { api, authFetch } from '../../lib/http.ts';

export interface NewPolicy {
  title: string;
  category: 'Term Life' | 'Senior' | 'Child';
  description: string;
  shortDetails: string;
  minAge: number;
  maxAge: number;
  coverageRange: number;
  duration: number;
  basePremium: number;
  /** The uploaded image's address. */
  image: string;
}

/** The upload route reads its multipart form itself (no typed body), so it is called plainly. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const answer = await jsonOrThrow<{ url: string }>(await authFetch('/uploads', { method: 'POST', body: form }));
  return answer.url;
}

export async function createPolicy(policy: NewPolicy): Promise<{ insertedId: string }> {
  const res = await api.policies.$post({ json: policy }, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
  if (!res.ok) throw await toApiError(res);
  return res.json();
}
