/** Blog management calls (spec section 7): list, create, edit, delete. */
import type { Blog } from 'edge-api/src/db/blogs.ts';
import { jsonOrThrow, toApiError } from '../../lib/api-error.ts';
import { authFetch } from '../../lib/http.ts';

export type { Blog };

export interface BlogDraft {
  title: string;
  content: string;
}

export async function fetchBlogs(signal?: AbortSignal): Promise<Blog[]> {
  const body = await jsonOrThrow<Blog[] | { data: Blog[] }>(await authFetch('/blogs', { signal }));
  return Array.isArray(body) ? body : body.data;
}

const sendJson = (method: 'POST' | 'PATCH', path: string, body: unknown) =>
  authFetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export async function createBlog(draft: BlogDraft): Promise<void> {
  const res = await sendJson('POST', '/blogs', draft);
  if (!res.ok) throw await toApiError(res);
}

export async function updateBlog(id: string, draft: BlogDraft): Promise<void> {
  const res = await sendJson('PATCH', `/blogs/${encodeURIComponent(id)}`, draft);
  if (!res.ok) throw await toApiError(res);
}

export async function deleteBlog(id: string): Promise<void> {
  const res = await authFetch(`/blogs/${encodeURIComponent(id)}`, { method: 'DELETE' });
  if (!res.ok) throw await toApiError(res);
}

/** The public blog pages read the device's copy: refresh it after a change. */
export function refreshLocalCopy() {
  void import('../../lib/sync-pull.ts').then((sync) => sync.pullChanges());
}
