import { describe, expect, it } from 'vitest';
import { demoPolicies } from './demo-policies.ts';
import { demoPoliciesBangla } from './demo-policies-bangla.ts';

describe('the demo catalogue in Bangla', () => {
  it('has a Bangla title, short details and description for every plan, and none for a plan it lacks', () => {
    for (const policy of demoPolicies) {
      expect(demoPoliciesBangla[policy.slug]?.title, policy.slug).toMatch(/[\u0980-\u09ff]/);
      expect(demoPoliciesBangla[policy.slug]?.shortDetails, policy.slug).toMatch(/[\u0980-\u09ff]/);
      expect(demoPoliciesBangla[policy.slug]?.description, policy.slug).toMatch(/[\u0980-\u09ff]/);
    }
    expect(Object.keys(demoPoliciesBangla).sort()).toEqual(demoPolicies.map((policy) => policy.slug).sort());
  });
});
