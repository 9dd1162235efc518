/**
 * The 64 districts (issue 48): one stored name each, every known spelling read as it, and
 * migration 0275's table of spellings (which rewrote the districts typed before) in step with
 * districtOf, so a district typed then and one chosen now compare equal.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { districtField, districtOf, districts, districtSpellings, spellingKey } from './districts.ts';

describe('the districts of Bangladesh', () => {
  it('are the 64, each with one English and one Bangla name', () => {
    expect(districts).toHaveLength(64);
    expect(new Set(districts.map((d) => d.name)).size).toBe(64);
    expect(new Set(districts.map((d) => d.bn)).size).toBe(64);
    // No spelling names two districts.
    const seen = new Map<string, string>();
    for (const district of districts) {
      for (const spelling of [district.name, district.bn, ...(district.also ?? [])]) {
        const key = spellingKey(spelling);
        expect(seen.get(key) ?? district.name, spelling).toBe(district.name);
        seen.set(key, district.name);
      }
    }
  });

  it('reads Bangla names, older English spellings and either encoding of ড় and য় as the stored name', () => {
    const cases: [string, string][] = [
      ['ঢাকা', 'Dhaka'],
      ['  dhaka ', 'Dhaka'],
      ['Dhaka District', 'Dhaka'],
      ['ঢাকা জেলা', 'Dhaka'],
      ['Chittagong', 'Chattogram'],
      ['চট্টগ্রাম', 'Chattogram'],
      ['Comilla', 'Cumilla'],
      ['Barisal', 'Barishal'],
      ['Jessore', 'Jashore'],
      ['Bogra', 'Bogura'],
      ['Coxs bazar', "Cox's Bazar"],
      ['cox’s bazar', "Cox's Bazar"],
      ['Chapai-Nawabganj', 'Chapai Nawabganj'],
      // বগুড়া with ড় as one code point (U+09DC) and as ড + nukta (U+09A1 U+09BC).
      ['\u09AC\u0997\u09C1\u09DC\u09BE', 'Bogura'],
      ['\u09AC\u0997\u09C1\u09A1\u09BC\u09BE', 'Bogura'],
      ['\u099C\u09DF\u09AA\u09C1\u09B0\u09B9\u09BE\u099F', 'Joypurhat'],
      ['\u099C\u09AF\u09BC\u09AA\u09C1\u09B0\u09B9\u09BE\u099F', 'Joypurhat'],
    ];
    for (const [typed, name] of cases) expect(districtOf(typed)?.name, typed).toBe(name);
    expect(districtOf('Dhaka city')).toBeNull();
    expect(districtOf('')).toBeNull();
  });

  it('takes any known spelling in a request, stores the English name, and refuses other text', () => {
    expect(districtField.parse('ঢাকা')).toBe('Dhaka');
    expect(districtField.parse('Chittagong')).toBe('Chattogram');
    expect(districtField.parse('Dhaka\u0007')).toBe('Dhaka');
    expect(districtField.safeParse('Gotham').error?.issues[0]?.message).toBe('Please choose a district from the list');
    expect(districtField.safeParse('  ').error?.issues[0]?.message).toBe('District is required');
    expect(districtField.safeParse(undefined).error?.issues[0]?.message).toBe('District is required');
  });

  it("migration 0275's spellings name the district districtOf names, and cover every district's two names", () => {
    const sql = readFileSync(new URL('../../../migrations/0275_bangla_names_cover_districts.sql', import.meta.url), 'utf8');
    const values = sql.slice(sql.indexOf('INSERT INTO district_spellings_0275'), sql.indexOf(';', sql.indexOf('INSERT INTO district_spellings_0275')));
    const rows = [...values.matchAll(/\('((?:[^']|'')*)', '((?:[^']|'')*)'\)/g)].map((m) => [m[1]!.replace(/''/g, "'"), m[2]!.replace(/''/g, "'")] as const);
    expect(rows.length).toBeGreaterThan(128);
    for (const [spelling, name] of rows) expect(districtOf(spelling)?.name, spelling).toBe(name);
    const keys = new Set(rows.map(([spelling]) => spelling));
    for (const [key] of districtSpellings()) expect(keys.has(key), key).toBe(true);
  });
});
