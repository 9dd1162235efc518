import { describe, expect, it } from 'vitest';
import { newPolicyIndex, searchPolicies, searchTextOf, type SearchablePolicy } from 'edge-api/src/lists/policy-search.ts';
import { forgivingIndexInSlices, policiesPerSlice, type Later } from './forgiving-index-in-slices.ts';

const policies: SearchablePolicy[] = Array.from({ length: 12 }, (_, i) => ({
  id: String(i),
  title: i === 7 ? 'Shishu Shikkha Education Plan' : `Plan ${i}`,
  titleBn: i === 7 ? 'শিশু শিক্ষা প্ল্যান' : null,
  description: '',
  shortDetails: i === 3 ? 'Health cover for seniors' : 'Term cover',
  shortDetailsBn: i === 3 ? 'প্রবীণদের স্বাস্থ্য সুরক্ষা' : null,
}));
const texts = policies.map(searchTextOf);

/** The page's idle moments, run one at a time by the test. */
function idleMoments() {
  const queued: (() => void)[] = [];
  const later: Later = (task) => queued.push(task);
  return { later, queued, runOne: () => queued.shift()?.() };
}

const found = (index: ReturnType<typeof newPolicyIndex>, query: string) => searchPolicies(policies, texts, index, query).map((p) => p.id);

describe('the early search builds its forgiving index in slices', () => {
  it('adds a few policies per idle moment, and the whole index answers as one built at once', () => {
    const idle = idleMoments();
    const built = forgivingIndexInSlices(policies, idle.later);
    const slices = Math.ceil(policies.length / policiesPerSlice);
    for (let i = 0; i < slices; i++) idle.runOne();
    expect(idle.queued).toHaveLength(0);
    const atOnce = newPolicyIndex();
    atOnce.addAll(policies);
    for (const query of ['Shikha', 'helth', 'সাস্থ্য', 'qqxzv']) expect(found(built.complete(), query)).toEqual(found(atOnce, query));
    expect(found(built.complete(), 'Shikha')).toEqual(['7']);
    expect(found(built.complete(), 'qqxzv')).toEqual([]);
  });

  it('a search before the slices are done gets the whole index at once, and the slices left add nothing twice', () => {
    const idle = idleMoments();
    const built = forgivingIndexInSlices(policies, idle.later);
    idle.runOne();
    expect(built.complete().documentCount).toBe(policies.length);
    expect(found(built.complete(), 'helth')).toEqual(['3']);
    // MiniSearch throws on a duplicate id: the slices still queued must add nothing.
    while (idle.queued.length) idle.runOne();
    expect(built.complete().documentCount).toBe(policies.length);
  });

  it('stops when the app takes over', () => {
    const idle = idleMoments();
    const built = forgivingIndexInSlices(policies, idle.later);
    idle.runOne();
    expect(built.added()).toBe(policiesPerSlice);
    built.stop();
    while (idle.queued.length) idle.runOne();
    // The slice still queued added nothing and asked for no other.
    expect(built.added()).toBe(policiesPerSlice);
    expect(idle.queued).toHaveLength(0);
    // A search after that still gets the whole index.
    expect(built.complete().documentCount).toBe(policies.length);
  });
});
