import { describe, expect, it } from 'vitest';
import { clampPage, pageCountOf, pageItems } from './pagination.ts';
import { buildSearchIndex, searchPolicies } from './policy-search.ts';

describe('the catalogue pager', () => {
  it('counts 8 policies per page', () => {
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(8)).toBe(1);
    expect(pageCountOf(9)).toBe(2);
    expect(pageCountOf(10_000)).toBe(1250);
  });

  it('shows every page when there are 5 or fewer', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('puts ellipses around the current page past 5 pages', () => {
    expect(pageItems(1, 6)).toEqual([1, 2, 3, 4, 'gap-after', 6]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 'gap-after', 10]);
    expect(pageItems(4, 10)).toEqual([1, 'gap-before', 3, 4, 5, 'gap-after', 10]);
    expect(pageItems(8, 10)).toEqual([1, 'gap-before', 7, 8, 9, 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap-before', 7, 8, 9, 10]);
  });

  it('keeps a requested page inside the catalogue', () => {
    expect(clampPage(0, 4)).toBe(1);
    expect(clampPage(9, 4)).toBe(4);
    expect(clampPage(Number.NaN, 4)).toBe(1);
  });
});

describe('the catalogue search', () => {
  const policies = [
    { id: 'a', title: 'Shurokkha Term Shield', description: 'Pure life cover.' },
    { id: 'b', title: 'Golden Years', description: 'A plan for SENIOR citizens.' },
  ];
  const index = buildSearchIndex(policies);

  it('matches the name or the description, ignoring case', () => {
    expect(searchPolicies(index, 'term').map((p) => p.id)).toEqual(['a']);
    expect(searchPolicies(index, 'senior').map((p) => p.id)).toEqual(['b']);
    expect(searchPolicies(index, '  GOLDEN ').map((p) => p.id)).toEqual(['b']);
    expect(searchPolicies(index, '').map((p) => p.id)).toEqual(['a', 'b']);
    expect(searchPolicies(index, 'nothing like this')).toEqual([]);
  });
});
