/**
 * Issue 29, point 8: GET /api/policies/search answers as the PWA's local search does
 * (lists/policy-search.ts): the spec's search first, a typo forgiven when it finds nothing,
 * Bangla titles and texts too, a page at a time; an edit shows at once.
 */
import { describe, expect, it } from 'vitest';
import { newPolicyIndex, searchPolicies, searchTextOf } from '../src/lists/policy-search.ts';
import { useApi } from './support/app.ts';
import { call } from './support/calls.ts';
import { insertPolicy } from './support/records.ts';
import { runtime } from './support/target.ts';

const { api } = useApi();

const search = async (q: string, page = 1, pageSize = 20) =>
  call(api, 'GET', `/api/policies/search?q=${encodeURIComponent(q)}&page=${page}&pageSize=${pageSize}`);

describe(`catalogue search on ${runtime}`, () => {
  it('forgives a typo, finds Bangla, and gives the answers of the local search', async () => {
    await insertPolicy(api, { id: 'pol-health', title: 'Family Health Plan', description: 'Hospital bills for the whole family.', title_bn: 'পারিবারিক স্বাস্থ্য পরিকল্পনা', creation_date: '2026-01-03T00:00:00.000Z' });
    await insertPolicy(api, { id: 'pol-child', title: 'Child Health Shield', description: 'For children.', creation_date: '2026-01-02T00:00:00.000Z' });
    await insertPolicy(api, { id: 'pol-term', title: 'Term Life Basic', description: 'Cover for the family on death.', creation_date: '2026-01-01T00:00:00.000Z' });

    const typo = await search('helth');
    expect(typo.status).toBe(200);
    expect(typo.body.items.map((p: { id: string }) => p.id).sort()).toEqual(['pol-child', 'pol-health']);
    expect(typo.body).toMatchObject({ total: 2, page: 1 });

    const bangla = await search('স্বাস্থ্য');
    expect(bangla.body.items.map((p: { id: string }) => p.id)).toEqual(['pol-health']);

    // The spec's search where the words are found as typed: catalogue order, newest first.
    const exact = await search('FAMILY');
    expect(exact.body.items.map((p: { id: string }) => p.id)).toEqual(['pol-health', 'pol-term']);

    // The same answers as the PWA's search over the same catalogue.
    const catalogue = (await call(api, 'GET', '/api/policies')).body as { id: string; title: string; description: string; titleBn: string | null; descriptionBn: string | null }[];
    const index = newPolicyIndex();
    index.addAll(catalogue);
    for (const q of ['helth', 'family', 'স্বাস্থ্য', 'shild', 'nothing like it']) {
      const local = searchPolicies(catalogue, catalogue.map(searchTextOf), index, q).map((p) => p.id);
      expect((await search(q)).body.items.map((p: { id: string }) => p.id), q).toEqual(local);
    }
  });

  it('pages the answers and follows an edit at once', async () => {
    const all = (await search('', 1, 100)).body.total as number;
    const second = await search('', 2, 2);
    expect(second.body).toMatchObject({ page: 2, pageSize: 2, total: all });
    expect(second.body.items).toHaveLength(Math.min(2, Math.max(0, all - 2)));

    await insertPolicy(api, { id: 'pol-new', title: 'Krishi Helth Cover', description: 'New.' });
    expect((await search('krishi')).body.items.map((p: { id: string }) => p.id)).toEqual(['pol-new']);
    expect((await search('x'.repeat(201))).status).toBe(400);
  });
});
