/**
 * Small helpers for the lifecycle tests (applications, policies, blogs, admin, sync): JSON
 * calls as a given user, and the valid bodies those tests start from.
 */
import { expect } from 'vitest';
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

/** A policy row straight in the database (for tests about something else); kept here for the files that import it from calls.ts. */
export { insertPolicy } from './records.ts';

export const applicationBody = (policyId: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Rahim Uddin',
  address: '12 Lake Road, Dhaka',
  nid: '1990123456789',
  // 30-something: within the factory policy's 18-60 (issue 29's age check).
  dateOfBirth: '1990-01-15',
  phone: '+8801700000001',
  nomineeName: 'Karima Uddin',
  // Issue 47: asked by the Apply form (an older app's queued write has none: leave it out).
  nomineeNid: '1985123456789',
  relationship: 'Spouse',
  healthConditions: ['None of the Above'],
  estimatedPremium: 125_050,
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

/** A page of one of the server-paged lists (items, total, page, pageSize). */
export interface Page<T = Json> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET of a server-paged list as `user`; the test fails unless it answers 200. */
export async function getPage<T = Json>(api: ApiTarget, path: string, user: TestUser | null): Promise<Page<T>> {
  const res = await call<Page<T>>(api, 'GET', path, user);
  expect(res.status, `GET ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

/** Asserts the status of each call of a table: [method, path, caller (null: a visitor), status]. */
export async function expectStatuses(api: ApiTarget, table: [method: string, path: string, caller: TestUser | null, status: number][]) {
  for (const [method, path, caller, status] of table) {
    expect((await call(api, method, path, caller)).status, `${method} ${path} as ${caller?.role ?? 'a visitor'}`).toBe(status);
  }
}

/** Asserts that only an admin may make the call: a visitor gets 401, and each of `nonAdmins` 403. */
export const expectAdminOnly = (api: ApiTarget, method: string, path: string, ...nonAdmins: TestUser[]) =>
  expectStatuses(api, [[method, path, null, 401], ...nonAdmins.map((user): [string, string, TestUser, number] => [method, path, user, 403])]);

export const count = async (api: ApiTarget, query: string, ...params: unknown[]) =>
  Number((await api.sql<{ n: number }>(query, ...params))[0]?.n ?? 0);
