/**
 * Row factories for policies, blogs, users, agent requests and applications: the demo seed
 * and the tests build their data with these, so both exercise the same shapes the migrations
 * define.
 */
import type { Insertable } from 'kysely';
import type { ApplicationRow, BlogRow, Database, PolicyRow, UserRow } from '../db/schema.ts';

let sequence = 0;
const next = () => ++sequence;

/**
 * Starts the numbering (and so the dates the factories give) from the beginning again. Test
 * files that share one module graph (vitest `isolate: false`) call it before each file: the
 * rows are numbered and dated a day (a policy an hour) apart, so a count run on from earlier
 * files dated one file's rows years ahead of the demo's and changed the order of lists.
 */
export function restartRowNumbering(): void {
  sequence = 0;
}

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
    coverage_range: 100_000_000,
    duration: 10,
    base_premium: 50_000_000,
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

export function agentRequestRow(overrides: Partial<Insertable<Database['agent_requests']>> = {}): Insertable<Database['agent_requests']> {
  const n = next();
  const created = overrides.created_at ?? new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
  return {
    id: `agent-request-${n}-${Math.random().toString(36).slice(2, 8)}`,
    user_id: null,
    name: `Applicant ${n}`,
    email: `applicant${n}@example.test`,
    phone: '+880 1700 000000',
    nid: '1990000000000',
    district: 'Dhaka',
    status: 'pending',
    created_at: created,
    updated_at: created,
    ...overrides,
  };
}

/** An application by `user` (needs an existing users row) for a policy, pending by default. */
export function applicationRow(
  user: { id: string; email: string; name: string },
  overrides: Partial<Insertable<ApplicationRow>> = {},
): Insertable<ApplicationRow> {
  const n = next();
  return {
    id: `application-${n}-${Math.random().toString(36).slice(2, 8)}`,
    user_id: user.id,
    user_email: user.email,
    name: user.name,
    address: 'House 12, Road 5, Dhanmondi, Dhaka',
    nid: '1990123456789',
    phone: null,
    nominee_name: 'Nominee Name',
    relationship: 'Spouse',
    health_conditions: JSON.stringify(['None of the Above']),
    estimated_premium: 5000,
    policy_id: null,
    policy_name: `Policy ${n}`,
    category: null,
    status: 'pending',
    payment_status: 'unpaid',
    assigned_agent: null,
    assigned_at: null,
    decided_at: null,
    applied_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    ...overrides,
  };
}
