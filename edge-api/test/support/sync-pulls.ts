/** Pulls of GET /api/sync as a test user (or a visitor), page by page or to the end. */
import { expect } from 'vitest';
import { call, type Json } from './calls.ts';
import type { ApiTarget } from './target.ts';
import type { TestUser } from './users.ts';

export interface SyncPage {
  cursor: string;
  hasMore: boolean;
  reset: boolean;
  changes: Record<'policies' | 'blogs' | 'faqs' | 'agents' | 'applications' | 'notifications' | 'claims' | 'serviceRequests', { upserts: Json[]; deletes: string[] }>;
}

export async function pullPage(api: ApiTarget, user: TestUser | null, since?: string, limit?: number): Promise<SyncPage> {
  const query = new URLSearchParams();
  if (since !== undefined) query.set('since', since);
  if (limit !== undefined) query.set('limit', String(limit));
  const res = await call<SyncPage>(api, 'GET', `/api/sync?${query}`, user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Pulls every page from `since`; returns the final cursor and everything that arrived. */
export async function pullEverything(api: ApiTarget, user: TestUser | null, since = '0', limit = 1000) {
  const all: SyncPage['changes'] = { policies: { upserts: [], deletes: [] }, blogs: { upserts: [], deletes: [] }, faqs: { upserts: [], deletes: [] }, agents: { upserts: [], deletes: [] }, applications: { upserts: [], deletes: [] }, notifications: { upserts: [], deletes: [] }, claims: { upserts: [], deletes: [] }, serviceRequests: { upserts: [], deletes: [] } };
  let cursor = since;
  let pages = 0;
  for (;;) {
    const page = await pullPage(api, user, cursor, limit);
    for (const name of Object.keys(all) as (keyof SyncPage['changes'])[]) {
      all[name].upserts.push(...page.changes[name].upserts);
      all[name].deletes.push(...page.changes[name].deletes);
    }
    cursor = page.cursor;
    pages += 1;
    if (!page.hasMore) break;
    if (pages > 100) throw new Error('too many pages');
  }
  return { cursor, changes: all, pages };
}
