/**
 * An agent's assigned applications a page at a time (issue 17: Assigned Customers and the
 * clearance list): only that agent's (or any agent's for an admin), newest assignment first with
 * the total, searched and filtered by the server ('open' = waiting for the agent's decision); the
 * spec's unpaged call keeps a bounded default.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { call, getPage } from './support/calls.ts';
import { insertApplication, insertNumbered } from './support/records.ts';
import { runtime } from './support/target.ts';
import type { TestUser } from './support/users.ts';

const { api, admin, agent, otherAgent, customer } = useApi({
  admin: 'admin',
  agent: 'agent',
  otherAgent: 'agent',
  customer: { role: 'user', name: 'Shirin Sultana' },
});

const minute = 60_000;
const at = (n: number) => new Date(Date.UTC(2026, 3, 1) + n * minute).toISOString();
const statuses = ['assigned', 'approved', 'rejected', 'pending'] as const;

beforeAll(async () => {
  // 33 assigned to the agent (statuses rotate; assigned in the reverse order of applying), 7 to another agent.
  await insertNumbered('assigned', 40, (n, id) =>
    insertApplication(api, customer, {
      id,
      name: n === 5 ? 'Monir Hossain' : 'Shirin Sultana',
      policy_name: n % 2 ? 'Term Shield' : 'Shishu Plan',
      status: statuses[n % 4],
      assigned_agent: n < 33 ? agent.email : otherAgent.email,
      applied_at: at(n),
      assigned_at: at(100 - n),
    }),
  );
});

const search = (user: TestUser, email: string, query = '') =>
  getPage(api, `/api/applications/assigned/${encodeURIComponent(email)}/search${query}`, user);

describe(`an agent's assigned applications, a page at a time, on ${runtime}`, () => {
  it('pages the agent\'s own, most recently assigned first, with the total and no row twice', async () => {
    const first = await search(agent, agent.email, '?pageSize=10');
    expect(first).toMatchObject({ total: 33, page: 1, pageSize: 10 });
    expect(first.items.map((a) => a.id).slice(0, 3)).toEqual(['assigned-00', 'assigned-01', 'assigned-02']);
    const rest = await Promise.all([2, 3, 4].map((page) => search(agent, agent.email, `?pageSize=10&page=${page}`)));
    const ids = [first, ...rest].flatMap((p) => p.items.map((a) => a.id as string));
    expect(ids).toHaveLength(33);
    expect(new Set(ids).size).toBe(33);
    expect([first, ...rest].flatMap((p) => p.items).every((a) => a.assignedAgent === agent.email)).toBe(true);
    expect((await search(agent, agent.email)).pageSize).toBe(20);
  });

  it("filters the open claims (pending or assigned) and one status, and searches applicant, email and policy", async () => {
    const open = await search(agent, agent.email, '?status=open&pageSize=100');
    expect(open.total).toBe(17);
    expect(open.items.every((a) => a.status === 'pending' || a.status === 'assigned')).toBe(true);
    expect((await search(agent, agent.email, '?status=approved')).total).toBe(8);
    expect((await search(agent, agent.email, '?q=monir')).items.map((a) => a.id)).toEqual(['assigned-05']);
    expect((await search(agent, agent.email, '?q=TERM%20SHIELD')).total).toBe(16);
    expect((await search(agent, agent.email, `?q=${encodeURIComponent(customer.email)}&status=open`)).total).toBe(17);
  });

  it("gives an admin any agent's list, and refuses another agent, a customer and a visitor", async () => {
    expect((await search(admin, otherAgent.email)).total).toBe(7);
    const path = `/api/applications/assigned/${encodeURIComponent(agent.email)}/search`;
    expect((await call(api, 'GET', path, otherAgent)).status).toBe(403);
    expect((await call(api, 'GET', path, customer)).status).toBe(403);
    expect((await call(api, 'GET', path, null)).status).toBe(401);
    for (const query of ['?status=done', '?page=0', '?pageSize=500']) {
      expect((await call(api, 'GET', `${path}${query}`, agent)).status, query).toBe(400);
    }
  });

  it("keeps the spec's unpaged call, the same order, bounded", async () => {
    const res = await call(api, 'GET', `/api/applications/assigned/${encodeURIComponent(agent.email.toUpperCase())}`, agent);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(33);
    expect(res.body[0]).toMatchObject({ id: 'assigned-00', assignedAgent: agent.email });
  });
});
