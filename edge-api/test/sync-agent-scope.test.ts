/**
 * An agent's device keeps the claims waiting for them and a month of their decisions, not their
 * whole history (decision 0060): the rest stays on the server, paged by
 * /applications/assigned/:email/search.
 */
import { describe, expect, it } from 'vitest';
import { applicationRow } from '../src/seed/factories.ts';
import { useApi } from './support/app.ts';
import { call } from './support/calls.ts';
import { insertRow } from './support/rows.ts';
import { pullEverything, pullPage } from './support/sync-pulls.ts';
import { runtime } from './support/target.ts';

const { api, agent, customer } = useApi({ agent: 'agent', customer: 'user' });

describe(`an agent's offline copy on ${runtime}`, () => {
  it('holds the waiting claims and recent decisions, not old ones; a cursor of another week starts over', async () => {
    const row = (overrides: Record<string, unknown>) => applicationRow(customer, { assigned_agent: agent.email, ...overrides });
    const waitingLong = row({ status: 'assigned', applied_at: '2019-01-01T00:00:00.000Z', assigned_at: '2019-01-02T00:00:00.000Z' });
    const pending = row({ status: 'pending' });
    const recent = row({ status: 'approved', decided_at: new Date().toISOString() });
    const old = row({ status: 'approved', decided_at: '2020-01-01T00:00:00.000Z' });
    const oldRejected = row({ status: 'rejected', decided_at: '2020-02-01T00:00:00.000Z' });
    const own = applicationRow(agent, { status: 'approved', decided_at: '2020-03-01T00:00:00.000Z' });
    for (const application of [waitingLong, pending, recent, old, oldRejected, own]) await insertRow(api, 'applications', application);

    const { changes, cursor } = await pullEverything(api, agent, '0', 1000);
    const held = changes.applications.upserts.map((a) => a.id).sort();
    expect(held).toEqual([waitingLong.id, pending.id, recent.id, own.id].sort());
    // The cursor names the week it was taken in, so an older week's cursor starts over.
    expect(cursor).toMatch(new RegExp(`^\\d+\\.agent-${agent.id}-w\\d+\\.[0-9a-f]+$`));
    const lastWeek = cursor.replace(/w(\d+)(\.[0-9a-f]+)$/, (_, week: string, epoch: string) => `w${Number(week) - 1}${epoch}`);
    expect((await pullPage(api, agent, lastWeek)).reset).toBe(true);
    // The whole history is still the agent's to page through on the server.
    const search = await call(api, 'GET', `/api/applications/assigned/${encodeURIComponent(agent.email)}/search`, agent);
    expect(search.body.total).toBe(5);
  });
});
