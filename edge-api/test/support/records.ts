/**
 * Factories for the common records, put straight in the database of the API under test, for
 * tests about something else: each takes the row factory's defaults (src/seed/factories.ts,
 * shared with the demo seed), applies the test's overrides and returns the row it inserted.
 */
import { agentRequestRow, applicationRow, blogRow, policyRow } from '../../src/seed/factories.ts';
import { insertRow } from './rows.ts';
import type { ApiTarget } from './target.ts';

async function inserted<Row extends object>(api: ApiTarget, table: string, row: Row): Promise<Row> {
  await insertRow(api, table, row);
  return row;
}

/** A policy in the catalogue. */
export const insertPolicy = (api: ApiTarget, overrides: Parameters<typeof policyRow>[0] = {}) => inserted(api, 'policies', policyRow(overrides));

/** A published blog. */
export const insertBlog = (api: ApiTarget, overrides: Parameters<typeof blogRow>[0] = {}) => inserted(api, 'blogs', blogRow(overrides));

/** A request to become an agent, pending unless the overrides say otherwise. */
export const insertAgentRequest = (api: ApiTarget, overrides: Parameters<typeof agentRequestRow>[0] = {}) =>
  inserted(api, 'agent_requests', agentRequestRow(overrides));

/** An application by `owner` (an existing user, e.g. a principal of useApi), pending unless the overrides say otherwise. */
export const insertApplication = (
  api: ApiTarget,
  owner: Parameters<typeof applicationRow>[0],
  overrides: Parameters<typeof applicationRow>[1] = {},
) => inserted(api, 'applications', applicationRow(owner, overrides));

/**
 * `count` records inserted one after another, the n-th by `insert(n, id)` with the id
 * `${prefix}-00`, `${prefix}-01`, …, so that a test of a list can name them by number.
 */
export async function insertNumbered(prefix: string, count: number, insert: (n: number, id: string) => Promise<unknown>) {
  for (let n = 0; n < count; n += 1) await insert(n, `${prefix}-${String(n).padStart(2, '0')}`);
}

/** The body of POST /api/policies (an admin's Add Policy form), with the test's overrides. */
export const policyBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Golden Years Cover',
  category: 'Senior',
  description: 'Life cover for people over fifty, with a guaranteed payout.',
  shortDetails: 'Cover from 50 to 75',
  minAge: 50,
  maxAge: 75,
  coverageRange: 250_000_000,
  duration: 10,
  basePremium: 50_000_000,
  image: 'https://example.test/golden.png',
  ...overrides,
});
