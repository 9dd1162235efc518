/** One plan of the demo catalogue, as the category files write it (seed/demo-policies.ts joins them). */
import type { PolicyCategory } from '../db/schema.ts';
import type { basePremiumChoices } from '../schemas/policy.ts';

export interface DemoPolicy {
  slug: string;
  title: string;
  category: PolicyCategory;
  shortDetails: string;
  description: string;
  minAge: number;
  maxAge: number;
  /** Poisha, like every amount. */
  coverageRange: number;
  duration: 3 | 5 | 7 | 10;
  basePremium: (typeof basePremiumChoices)[number];
  views: number;
  /** Applicants before the demo's own activity: popularity counts people, not applications (decision 0068). */
  applications: number;
}
