/**
 * The demo catalogue: plans of the kind a Bangladeshi life insurer sells. Product words only;
 * every `slug` names its picture under pwa/public/demo/policies/ (made by
 * scripts/make-demo-images.ts), and `views` / `applications` give "popular policies" an order.
 */
import type { PolicyCategory } from '../db/schema.ts';
import { termLifePolicies } from './demo-policies-term-life.ts';
import { seniorPolicies } from './demo-policies-senior.ts';
import { childPolicies } from './demo-policies-child.ts';

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
  applications: number;
}

export const demoPolicies: readonly DemoPolicy[] = [...termLifePolicies, ...seniorPolicies, ...childPolicies];
