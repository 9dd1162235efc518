/** Blog management calls (spec section 7): a page of them, create, edit, delete. */
import type { Blog } from 'edge-api/src/db/blogs.ts';
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { pageQuery, type PageOf } from '../../lib/use-paged-request.ts';

export type { Blog };

export interface BlogDraft {
  title: string;
  content: string;
}

/** Blogs are long rows (a preview of the content): fewer to a page than the other lists. */
export const blogsPageSize = 10;

/** One page of the blogs one may manage (an agent's own, an admin's all), searched by the server. */
export async function fetchBlogsPage(query: { q: string; page: number }, signal?: AbortSignal): Promise<PageOf<Blog>> {
  const res = await api.blogs.manage.$get(
    { query: pageQuery(query, blogsPageSize) },
    { init: { signal } },
  );
  return answerOf(res);
}

export async function createBlog(draft: BlogDraft): Promise<void> {
  await answerOf(await api.blogs.$post({ json: draft }, { headers: { 'Idempotency-Key': crypto.randomUUID() } }));
}

export async function updateBlog(id: string, draft: BlogDraft): Promise<void> {
  await answerOf(await api.blogs[':id'].$patch({ param: { id }, json: draft }));
}

export async function deleteBlog(id: string): Promise<void> {
  await answerOf(await api.blogs[':id'].$delete({ param: { id } }));
}

/** The public blog pages read the device's copy: refresh it after a change. */
export function refreshLocalCopy() {
  void import('../../lib/offline-entry.ts').then((sync) => sync.pullChanges());
}
