/**
 * The demo's premiums (issue 49): user@demo.local has a policy in force with its dues paid and
 * one coming, one in grace and one lapsed; agent@demo.local has collections to make.
 * Node-only: the demo is seeded by the Node start (SEED_DEMO).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startNodeOnFreshData } from './support/target.ts';
import { call } from './support/calls.ts';
import type { TestUser } from './support/users.ts';

const started = await startNodeOnFreshData({ SEED_DEMO: 'true', DEMO_PASSWORD: 'demo-premiums-1' });
afterAll(() => started.stop());
const { api } = started;

async function signIn(email: string): Promise<TestUser> {
  const res = await call(api, 'POST', '/api/auth/login', null, { email, password: 'demo-premiums-1' });
  expect(res.status).toBe(200);
  return { ...res.body.user, token: res.body.accessToken } as TestUser;
}

describe('demo premiums', () => {
  it("the demo user's policies: in force with a due coming, in grace, lapsed", async () => {
    const user = await signIn('user@demo.local');
    const applications = await call(api, 'GET', `/api/applications?email=${encodeURIComponent('user@demo.local')}`, user);
    const states: Record<string, unknown>[] = [];
    for (const application of applications.body as { id: string }[]) {
      const premiums = await call(api, 'GET', `/api/premiums/${application.id}`, user);
      if (premiums.status === 200) states.push(premiums.body);
    }
    expect(states.map((p) => p.state).sort()).toEqual(['in_force', 'in_grace', 'lapsed']);
    const inForce = states.find((p) => p.state === 'in_force') as { dues: { status: string }[]; nextDue: { status: string } };
    expect(inForce.dues.some((d) => d.status === 'paid')).toBe(true);
    expect(['due', 'upcoming']).toContain(inForce.nextDue.status);
    const lapsed = states.find((p) => p.state === 'lapsed') as { revivableUntil: string };
    expect(lapsed.revivableUntil).toBeTypeOf('string');
  });

  it("the demo agent's Collections list has dues to collect", async () => {
    const agent = await signIn('agent@demo.local');
    const list = await call(api, 'GET', '/api/premiums/collections', agent);
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThanOrEqual(3);
    expect(list.body.items.some((i: { state: string }) => i.state === 'in_grace')).toBe(true);
  });
});
