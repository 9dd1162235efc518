/**
 * Small helpers for the lifecycle tests (applications, policies, blogs, admin, sync): JSON
 * calls as a given user, and the valid bodies those tests start from.
 */
import { policyRow } from '../../src/seed/factories.ts';
import { insertRow } from './rows.ts';
import type { ApiTarget } from './target.ts';
import type { TestUser } from './users.ts';

/** Parsed JSON as the tests inspect it: loosely typed on purpose; the assertions check it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Answer<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

/** A JSON request as `user` (or as a visitor), with optional extra headers. */
export async function call<T = Json>(
  api: ApiTarget,
  method: string,
  path: string,
  user?: TestUser | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await api.fetch(path, {
    method,
    headers: { 'content-type': 'application/json', ...(user ? { authorization: `Bearer ${user.token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** A policy row straight in the database (for tests about something else). */
export async function insertPolicy(api: ApiTarget, overrides: Parameters<typeof policyRow>[0] = {}) {
  const row = policyRow(overrides);
  await insertRow(api, 'policies', row);
  return row;
}

export const applicationBody = (policyId: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Rahim Uddin',
  address: '12 Lake Road, Dhaka',
  nid: '1990123456789',
  phone: '+8801700000001',
  nomineeName: 'Karima Uddin',
  relationship: 'Spouse',
  healthConditions: ['None of the Above'],
  estimatedPremium: 1250.5,
  policyId,
  ...overrides,
});

/** Applies as `user` and returns the new application's id. */
export async function apply(api: ApiTarget, user: TestUser, policyId: string, overrides: Record<string, unknown> = {}) {
  const res = await call(api, 'POST', '/api/applications', user, applicationBody(policyId, overrides));
  if (res.status !== 201) throw new Error(`apply failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.insertedId as string;
}

export const assign = (api: ApiTarget, admin: TestUser, id: string, agent: TestUser, headers?: Record<string, string>) =>
  call(api, 'PATCH', `/api/applications/assign/${id}`, admin, { agentEmail: agent.email }, headers);

export const decide = (api: ApiTarget, agent: TestUser, id: string, status: 'approved' | 'rejected', headers?: Record<string, string>) =>
  call(api, 'PATCH', `/api/applications/${id}/status`, agent, { status }, headers);

export const adminReject = (api: ApiTarget, admin: TestUser, id: string, headers?: Record<string, string>) =>
  call(api, 'PATCH', `/api/applications/reject/${id}`, admin, undefined, headers);

export const count = async (api: ApiTarget, query: string, ...params: unknown[]) =>
  Number((await api.sql<{ n: number }>(query, ...params))[0]?.n ?? 0);
