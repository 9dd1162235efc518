/**
 * A sync cursor names the server's line of versions (its epoch, migration 0060). A cursor the
 * server does not recognise (taken before a restore from a backup, on another server, or ahead
 * of the clock) makes the pull start over, whole and marked reset, so no change is missed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { call, insertPolicy } from './support/calls.ts';
import type { TestUser } from './support/users.ts';

const { api, alice } = useApi({ alice: 'user' });

beforeAll(async () => {
  await insertPolicy(api, { title: 'Epoch Plan A' });
});

interface Page {
  cursor: string;
  hasMore: boolean;
  reset: boolean;
  changes: { policies: { upserts: { id: string; title: string }[]; deletes: string[] } };
}

async function pull(user: TestUser | null, since: string) {
  const res = await call<Page>(api, 'GET', `/api/sync?since=${encodeURIComponent(since)}&limit=1000`, user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const epochOf = (cursor: string) => cursor.split('.')[2];
const titles = (page: Page) => page.changes.policies.upserts.map((policy) => policy.title);

describe('the sync cursor and the server epoch', () => {
  it('carries the epoch of the server it was taken on', async () => {
    const epoch = (await api.sql<{ epoch: string }>('SELECT epoch FROM sync_clock WHERE id = 1'))[0]?.epoch;
    expect(epoch).toMatch(/^[0-9a-f]{16}$/);
    expect(epochOf((await pull(null, '0')).cursor)).toBe(epoch);
    expect(epochOf((await pull(alice, '0')).cursor)).toBe(epoch);
  });

  it('starts over, whole, when the cursor comes from another epoch (a restored backup)', async () => {
    const before = await pull(alice, '0');
    expect(before.hasMore).toBe(false);
    // Within the same epoch, nothing new: an empty delta.
    expect(titles(await pull(alice, before.cursor))).toEqual([]);

    // The database is restored from a backup: another epoch, and a change made after it.
    await api.sql("UPDATE sync_clock SET epoch = 'feedfeedfeedfeed' WHERE id = 1");
    await insertPolicy(api, { title: 'Epoch Plan B' });
    const after = await pull(alice, before.cursor);
    expect(after.reset).toBe(true);
    expect(titles(after)).toEqual(expect.arrayContaining(['Epoch Plan A', 'Epoch Plan B']));
    expect(epochOf(after.cursor)).toBe('feedfeedfeedfeed');
    // The new cursor is recognised: no reset next time.
    expect((await pull(alice, after.cursor)).reset).toBe(false);
  });

  it('starts over when the cursor is ahead of the server (a restore that kept the epoch)', async () => {
    const current = await pull(null, '0');
    const [version, scope, epoch] = current.cursor.split('.');
    const ahead = await pull(null, `${Number(version) + 1000}.${scope}.${epoch}`);
    expect(ahead.reset).toBe(true);
    expect(titles(ahead)).toEqual(expect.arrayContaining(['Epoch Plan A', 'Epoch Plan B']));
    expect(Number(ahead.cursor.split('.')[0])).toBe(Number(version));
  });

  it('still takes a cursor without an epoch (from a client of before), and refuses a malformed one', async () => {
    const current = await pull(null, '0');
    const [version, scope] = current.cursor.split('.');
    const old = await pull(null, `${version}.${scope}`);
    expect(old.reset).toBe(false);
    expect(titles(old)).toEqual([]);
    const bad = await call(api, 'GET', `/api/sync?since=${encodeURIComponent('1.public.x.y')}`, null);
    expect(bad.status).toBe(400);
  });
});
