/** Adding a policy: the image first (POST /uploads, field `image`), then the policy (POST /policies). */
import { jsonOrThrow } from '../../lib/api-error.ts';
import { authFetch } from '../../lib/http.ts';

export interface NewPolicy {
  title: string;
  category: string;
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

export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const answer = await jsonOrThrow<{ url: string }>(await authFetch('/uploads', { method: 'POST', body: form }));
  return answer.url;
}

export async function createPolicy(policy: NewPolicy): Promise<{ insertedId: string }> {
  const res = await authFetch('/policies', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify(policy),
  });
  return jsonOrThrow<{ insertedId: string }>(res);
}
