/**
 * The demo catalogue: plans of the kind a Bangladeshi life insurer sells. Product words only;
 * every `slug` names its picture under pwa/public/demo/policies/ (made by
 * scripts/make-demo-images.ts), and `views` / `applications` give "popular policies" an order.
 */
import type { DemoPolicy } from './demo-policy.ts';
import { termLifePolicies } from './demo-policies-term-life.ts';
import { seniorPolicies } from './demo-policies-senior.ts';
import { childPolicies } from './demo-policies-child.ts';

export type { DemoPolicy };

export const demoPolicies: readonly DemoPolicy[] = [...termLifePolicies, ...seniorPolicies, ...childPolicies];
