import { describe, expect, it } from 'vitest';
import { policyRow } from '../src/seed/factories.ts';
import { useApi } from './support/app.ts';
import { insertRow } from './support/rows.ts';
import { runtime, startApi } from './support/target.ts';

// GET /api/policies answers from a kept copy of the catalogue (db/policy-catalogue.ts): every
// edit must show on the very next request; views and applications (popularity) are taken in
// apart, every CATALOGUE_POPULARITY_SECONDS, so a view never rebuilds the catalogue by itself.

const { api } = useApi({}, { env: { CATALOGUE_POPULARITY_SECONDS: '1' } });

interface Listed {
  id: string;
  title: string;
  popularity: number;
}

async function list(): Promise<{ etag: string; policies: Listed[] }> {
  const res = await api.fetch('/api/policies');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return { etag: res.headers.get('etag') ?? '', policies: (await res.json()) as Listed[] };
}

describe(`the policy list stays current on ${runtime}`, () => {
  it('shows a new, an edited and a deleted policy at once, and views and applications in its popularity soon after', async () => {
    await insertRow(api, 'policies', policyRow({ id: 'f-1', title: 'First Plan', creation_date: '2026-01-01T00:00:00.000Z' }));
    const first = await list();
    expect(first.policies.map((p) => p.id)).toEqual(['f-1']);

    await insertRow(api, 'policies', policyRow({ id: 'f-2', title: 'Second Plan', creation_date: '2026-02-01T00:00:00.000Z' }));
    expect((await list()).policies.map((p) => p.id)).toEqual(['f-2', 'f-1']);

    await api.sql('UPDATE policies SET title = ? WHERE id = ?', 'First Plan Plus', 'f-1');
    expect((await list()).policies.find((p) => p.id === 'f-1')?.title).toBe('First Plan Plus');

    const viewed = await api.fetch('/api/policies/f-2');
    expect(((await viewed.json()) as Listed).popularity).toBe(1);
    await expect.poll(async () => (await list()).policies.find((p) => p.id === 'f-2')?.popularity, { timeout: 10_000 }).toBe(1);

    await api.sql('UPDATE policy_stats SET application_count = 2 WHERE policy_id = ?', 'f-2');
    await expect.poll(async () => (await list()).policies.find((p) => p.id === 'f-2')?.popularity, { timeout: 10_000 }).toBe(11);

    await api.sql('DELETE FROM policies WHERE id = ?', 'f-1');
    expect((await list()).policies.map((p) => p.id)).toEqual(['f-2']);
  });

  it('answers 304 without a body to a client that has the current list, 200 once it changed', async () => {
    const { etag, policies } = await list();
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const same = await api.fetch('/api/policies', { headers: { 'if-none-match': etag } });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    // The weak form a compressing proxy hands back matches too.
    expect((await api.fetch('/api/policies', { headers: { 'if-none-match': `W/${etag}` } })).status).toBe(304);

    await insertRow(api, 'policies', policyRow({ id: 'f-3', title: 'Third Plan', creation_date: '2026-03-01T00:00:00.000Z' }));
    const changed = await api.fetch('/api/policies', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as Listed[]).map((p) => p.id)).toEqual(['f-3', ...policies.map((p) => p.id)]);
  });
});

describe(`views do not rebuild the catalogue on ${runtime}`, () => {
  it('answers 304 to the same tag after a view (popularity waits for the refresh period)', async () => {
    const own = await startApi();
    try {
      await insertRow(own, 'policies', policyRow({ id: 'v-1', title: 'Viewed Plan' }));
      const first = await own.fetch('/api/policies');
      const etag = first.headers.get('etag') ?? '';
      for (let i = 0; i < 3; i++) expect((await own.fetch('/api/policies/v-1')).status).toBe(200);
      const again = await own.fetch('/api/policies', { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      // An edit still shows at once.
      await own.sql('UPDATE policies SET title = ? WHERE id = ?', 'Viewed Plan Plus', 'v-1');
      const edited = await own.fetch('/api/policies', { headers: { 'if-none-match': etag } });
      expect(edited.status).toBe(200);
      expect(((await edited.json()) as Listed[])[0]).toMatchObject({ title: 'Viewed Plan Plus', popularity: 3 });
    } finally {
      await own.stop();
    }
  });
});
