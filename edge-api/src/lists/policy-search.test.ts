import { describe, expect, it } from 'vitest';
import { newPolicyIndex, searchPolicies, searchTextOf, substringMatches, type SearchablePolicy } from './policy-search.ts';

// Texts like the demo catalogue's (seed/demo-policies-*.ts), which this floor may not import.
const catalogue: SearchablePolicy[] = [
  {
    id: 'child-health-shield',
    title: 'Child Health Shield',
    description: 'Pays a daily allowance while a child is in hospital, dengue and typhoid included.',
    titleBn: 'শিশু স্বাস্থ্য সুরক্ষা',
    descriptionBn: 'শিশু হাসপাতালে থাকলে দৈনিক ভাতা দেয়, ডেঙ্গু ও টাইফয়েডসহ।',
  },
  {
    id: 'graduate-term',
    title: 'Graduate Term Starter',
    description: 'Includes a free yearly health check at partner clinics in Dhaka.',
    titleBn: 'গ্র্যাজুয়েট টার্ম স্টার্টার',
    descriptionBn: 'ঢাকায় বছরে একবার বিনামূল্যে স্বাস্থ্য পরীক্ষা।',
  },
  { id: 'senior-care', title: 'Senior Care Plan', description: 'Everyone aged 50 to 75 is accepted without questions.', titleBn: null, descriptionBn: null },
  { id: 'krishok', title: 'Krishok Life Cover', description: 'Cover for farming families, paid after the harvest.', titleBn: 'কৃষক জীবন বিমা', descriptionBn: null },
];
const texts = catalogue.map(searchTextOf);
const index = newPolicyIndex();
index.addAll(catalogue);
const titles = (query: string) => searchPolicies(catalogue, texts, index, query).map((policy) => policy.title);

describe('catalogue search', () => {
  it('keeps the spec\'s search where the words are found as typed, in catalogue order', () => {
    const exact = catalogue.filter((policy) => `${policy.title}\n${policy.description}`.toLowerCase().includes('health')).map((p) => p.title);
    expect(exact.length).toBeGreaterThan(0);
    expect(titles('HEALTH')).toEqual(exact);
    expect(titles('')).toEqual(catalogue.map((p) => p.title));
  });

  it('forgives a typo: "helth" finds the health policies', () => {
    const found = titles('helth');
    expect(found).toContain('Child Health Shield');
    expect(titles('shild helth')[0]).toBe('Child Health Shield');
  });

  it('finds Bangla titles and texts, with a typo too', () => {
    expect(titles('স্বাস্থ্য')).toContain('Child Health Shield');
    expect(titles('স্বাস্থ')).toContain('Child Health Shield');
    // One letter off (ব dropped from স্বা).
    expect(titles('সাস্থ্য')).toContain('Child Health Shield');
  });

  it('still finds nothing for what is nowhere', () => {
    expect(titles('zzzzqqq')).toEqual([]);
    expect(titles('needlexyz')).toEqual([]);
  });

  it('answers with the spec\'s search alone while the index is not built', () => {
    expect(searchPolicies(catalogue, texts, null, 'helth')).toEqual([]);
  });

  it('finds as a fresh search does while a person types, deletes and types something else', () => {
    // Each search on the same texts starts from what the last one found when it holds the last
    // one's words: the answers must be those of a search over every text.
    const everyText = (query: string) => texts.flatMap((text, i) => (text.includes(query.trim().toLowerCase()) ? [i] : []));
    const typed = ['h', 'he', 'hea', 'heal', 'health', 'healt', 'hea', 'c', 'ca', 'car', 'care', ' care ', 'cover', 'co', '', 'হ', 'স্বা', 'স্বাস্থ্য', 'daily', 'dail', 'a', 'ai'];
    for (const query of typed) expect([query, substringMatches(texts, query)]).toEqual([query, query.trim() ? everyText(query) : [0, 1, 2, 3]]);
    // Another list of texts is searched on its own, whatever the last search on this one found.
    const others = ['health cover', 'no match here'];
    expect(substringMatches(texts, 'senior')).toEqual([2]);
    expect(substringMatches(others, 'senior cover')).toEqual([]);
    expect(substringMatches(others, 'cover')).toEqual([0]);
  });
});
