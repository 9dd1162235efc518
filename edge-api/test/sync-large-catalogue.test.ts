/** A delta pull stays small however large the catalogue grows. */
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { call, count } from './support/calls.ts';
import { pullEverything, pullPage } from './support/sync-pulls.ts';
import { runtime } from './support/target.ts';
import { createTestUser, type TestUser } from './support/users.ts';

const { api } = useApi();

const pull = (user: TestUser | null, since?: string, limit?: number) => pullPage(api, user, since, limit);
const pullAll = (user: TestUser | null, since = '0', limit = 1000) => pullEverything(api, user, since, limit);

describe(`a large catalogue on ${runtime}`, () => {
  it('after one change among 10,000 policies, the delta carries that row only', async () => {
    const admin = await createTestUser(api, 'admin');
    await api.sql(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
       INSERT INTO policies (id, title, category, description, short_details, min_age, max_age, coverage_range, duration,
                             base_premium, image_url, creator_email, tracking_id, creation_date)
       SELECT 'bulk-' || i, 'Bulk policy ' || i, 'Term Life', 'Bulk', 'Bulk', 18, 60, 10000000, 10, 10000000,
              'https://img.example.test/p.png', 'admin@test.local', 'TID-' || i, '2025-01-01T00:00:00.000Z'
       FROM n`,
    );
    expect(await count(api, `SELECT count(*) AS n FROM policies WHERE id LIKE 'bulk-%'`)).toBe(10_000);
    const full = await pullAll(null, '0', 1000);
    expect(full.changes.policies.upserts.length).toBeGreaterThanOrEqual(10_000);
    expect(new Set(full.changes.policies.upserts.map((p) => p.id)).size).toBe(full.changes.policies.upserts.length);

    const edited = await call(api, 'PATCH', '/api/policies/bulk-4321', admin, { title: 'The one that changed' });
    expect(edited.status).toBe(200);
    const delta = await pull(null, full.cursor);
    expect(delta.hasMore).toBe(false);
    expect(delta.changes.policies.upserts).toHaveLength(1);
    expect(delta.changes.policies.upserts[0]).toMatchObject({ id: 'bulk-4321', title: 'The one that changed' });
    expect(delta.changes.policies.deletes).toEqual([]);
    for (const name of ['blogs', 'faqs', 'agents', 'applications'] as const) {
      expect(delta.changes[name]).toEqual({ upserts: [], deletes: [] });
    }
  }, 120_000);
});
