/**
 * Policy views are counted in memory and written to policy_stats in batches (lib/view-counter.ts,
 * decision 0061): never on the read path, never lost, and the per-client view limit still stops
 * counting. Every test here runs the server with its own batch settings (VIEW_FLUSH_MS,
 * VIEW_BATCH_SIZE) and reads the written counts from the database.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { insertPolicy } from './support/calls.ts';
import { runtime, startApi, type ApiTarget } from './support/target.ts';

interface Shown {
  id: string;
  popularity: number;
}

let api: ApiTarget | undefined;
afterEach(async () => {
  await api?.stop();
  api = undefined;
});

async function view(target: ApiTarget, id: string): Promise<number> {
  const res = await target.fetch(`/api/policies/${id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Shown).popularity;
}

async function written(target: ApiTarget): Promise<Record<string, number>> {
  const rows = await target.sql<{ policy_id: string; view_count: number }>('SELECT policy_id, view_count FROM policy_stats WHERE view_count > 0');
  return Object.fromEntries(rows.map((row) => [row.policy_id, row.view_count]));
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);

/** The list compares popularity on every request with CATALOGUE_POPULARITY_SECONDS=0, writing the batch first. */
async function listed(target: ApiTarget): Promise<Record<string, number>> {
  const res = await target.fetch('/api/policies');
  expect(res.status).toBe(200);
  return Object.fromEntries(((await res.json()) as Shown[]).map((p) => [p.id, p.popularity]));
}

describe(`policy views counted in batches on ${runtime}`, { timeout: 60_000 }, () => {
  it('shows each counted view at once, writes none on the read, and stops counting past the client’s view limit', async () => {
    api = await startApi({ RATE_LIMIT_VIEWS: '3/3600', VIEW_FLUSH_MS: '600000', VIEW_BATCH_SIZE: '100000', CATALOGUE_POPULARITY_SECONDS: '0' });
    const policy = await insertPolicy(api);
    const other = await insertPolicy(api);
    await api.sql('INSERT INTO policy_stats (policy_id, view_count, application_count) VALUES (?, 10, 1)', policy.id);

    const shown: number[] = [];
    for (let i = 0; i < 5; i++) shown.push(await view(api, policy.id));
    // 10 written views + 5 per application, then this client's three counted views, then no more.
    expect(shown).toEqual([16, 17, 18, 18, 18]);
    // The limit is per client, over every policy: this client's next views do not count either.
    expect(await view(api, other.id)).toBe(0);
    // Nothing was written while reading: the batch is neither old nor large enough yet.
    expect(await written(api)).toEqual({ [policy.id]: 10 });

    // Written before the list compares popularity: the list and the database agree with the page.
    expect((await listed(api))[policy.id]).toBe(18);
    expect(await written(api)).toEqual({ [policy.id]: 13 });
    expect(await view(api, policy.id)).toBe(18);
  });

  it('writes a batch once it is large enough, and loses none of many parallel views', async () => {
    api = await startApi({ VIEW_FLUSH_MS: '600000', VIEW_BATCH_SIZE: '5', CATALOGUE_POPULARITY_SECONDS: '0' });
    const policies = [await insertPolicy(api), await insertPolicy(api), await insertPolicy(api)];
    const expected: Record<string, number> = {};
    const ids = Array.from({ length: 23 }, (_, i) => policies[i % 3]!.id);
    for (const id of ids) expected[id] = (expected[id] ?? 0) + 1;
    // In parallel, a few at a time: batches are written while other views are being counted.
    for (let i = 0; i < ids.length; i += 6) await Promise.all(ids.slice(i, i + 6).map((id) => view(api!, id)));

    // Full batches go to the database without any other request; fewer than five may wait.
    await expect.poll(async () => total(await written(api!)), { timeout: 15_000 }).toBeGreaterThanOrEqual(20);
    expect(total(await written(api))).toBeLessThanOrEqual(23);
    expect(await listed(api)).toEqual(expected);
    expect(await written(api)).toEqual(expected);
  });

  it('writes every view soon after its request with VIEW_FLUSH_MS=0, counting each exactly once', async () => {
    api = await startApi({ VIEW_FLUSH_MS: '0' });
    const policies = [await insertPolicy(api), await insertPolicy(api)];
    const ids = Array.from({ length: 30 }, (_, i) => policies[i % 2]!.id);
    for (let i = 0; i < ids.length; i += 10) await Promise.all(ids.slice(i, i + 10).map((id) => view(api!, id)));
    await expect.poll(async () => written(api!), { timeout: 15_000 }).toEqual({ [policies[0]!.id]: 15, [policies[1]!.id]: 15 });
  });

  it('skips the views of a policy deleted before they were written, and still writes the others', async () => {
    api = await startApi({ VIEW_FLUSH_MS: '600000', VIEW_BATCH_SIZE: '100000', CATALOGUE_POPULARITY_SECONDS: '0' });
    const kept = await insertPolicy(api);
    const gone = await insertPolicy(api);
    await view(api, kept.id);
    await view(api, gone.id);
    await api.sql('DELETE FROM policies WHERE id = ?', gone.id);
    expect(await listed(api)).toEqual({ [kept.id]: 1 });
    expect(await written(api)).toEqual({ [kept.id]: 1 });
  });
});
