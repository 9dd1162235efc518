/**
 * Row factories for policies, blogs and agents: the demo seed and the tests build their
 * data with these, so both exercise the same shapes the migrations define.
 */
import type { Insertable } from 'kysely';
import type { BlogRow, PolicyRow, UserRow } from '../db/schema.ts';

let sequence = 0;
const next = () => ++sequence;

export function policyRow(overrides: Partial<Insertable<PolicyRow>> = {}): Insertable<PolicyRow> {
  const n = next();
  const created = overrides.creation_date ?? new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString();
  return {
    id: `policy-${n}-${Math.random().toString(36).slice(2, 8)}`,
    title: `Policy ${n}`,
    category: 'Term Life',
    description: `Description of policy ${n}`,
    short_details: `Short details ${n}`,
    min_age: 18,
    max_age: 60,
    coverage_range: 1_000_000,
    duration: 10,
    base_premium: 500_000,
    image_url: '/demo/policies/placeholder.webp',
    creator_email: 'admin@demo.local',
    tracking_id: `TID-${Date.parse(created)}${n % 1000}`,
    creation_date: created,
    ...overrides,
  };
}

export function blogRow(overrides: Partial<Insertable<BlogRow>> = {}): Insertable<BlogRow> {
  const n = next();
  const published = overrides.publish_date ?? new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();
  return {
    id: `blog-${n}-${Math.random().toString(36).slice(2, 8)}`,
    title: `Blog ${n}`,
    content: `Content of blog ${n}. `.repeat(10),
    author_id: null,
    author_name: 'Demo Agent',
    author_email: 'agent@demo.local',
    image_url: null,
    publish_date: published,
    updated_at: published,
    ...overrides,
  };
}

export function userRow(overrides: Partial<Insertable<UserRow>> = {}): Insertable<UserRow> {
  const n = next();
  return {
    id: `user-${n}-${Math.random().toString(36).slice(2, 8)}`,
    email: `person${n}@example.test`,
    name: `Person ${n}`,
    photo_url: null,
    role: 'user',
    phone: null,
    bio: null,
    password_hash: null,
    created_at: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
    last_log_in: null,
    ...overrides,
  };
}
