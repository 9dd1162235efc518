/**
 * Adding a policy: the image first (POST /uploads, field `image`), then the policy (POST
 * /policies). Editing and withdrawing one (issue 29): PATCH /policies/:id.
 */
import type { Policy } from 'edge-api/src/db/policies.ts';
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';

/** What the admin fills in; the server adds the rest (creator, tracking id, dates). `image` is the uploaded image's address. */
export type NewPolicy = Pick<
  Policy,
  'title' | 'category' | 'description' | 'shortDetails' | 'minAge' | 'maxAge' | 'coverageRange' | 'duration' | 'basePremium' | 'image'
>;

/** The image goes as a multipart form, field `image`; the answer is its address. */
export async function uploadImage(file: File): Promise<string> {
  const answer = await answerOf(await api.uploads.$post({ form: { image: file } }));
  return answer.url;
}

export async function createPolicy(policy: NewPolicy): Promise<{ insertedId: string }> {
  const res = await api.policies.$post({ json: policy }, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
  return answerOf(res);
}

/** The changed fields of a policy; `withdrawn: true` takes it out of the catalogue. */
export type PolicyChange = Partial<NewPolicy & { withdrawn: boolean }>;

export async function changePolicy(id: string, change: PolicyChange): Promise<{ message: string; policy: Policy }> {
  const res = await api.policies[':id'].$patch({ param: { id }, json: change });
  return answerOf(res);
}
