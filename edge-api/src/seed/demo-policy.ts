/** One plan of the demo catalogue, as the category files write it (seed/demo-policies.ts joins them). */
import type { PolicyCategory } from '../db/schema.ts';

export interface DemoPolicy {
  slug: string;
  title: string;
  category: PolicyCategory;
  shortDetails: string;
  description: string;
  minAge: number;
  maxAge: number;
  coverageRange: number;
  duration: 3 | 5 | 7 | 10;
  basePremium: 100000 | 500000 | 1000000;
  views: number;
  /** Applicants before the demo's own activity: popularity counts people, not applications (decision 0068). */
  applications: number;
}
