/**
 * The Node server writes the views it counted but had not written yet when it stops
 * (node.ts stop(), run on SIGTERM/SIGINT): a shutdown loses none (decision 0061).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openSqlite } from '../src/node/sqlite-node.ts';
import { insertPolicy } from './support/calls.ts';
import { startNodeOnFreshData } from './support/target.ts';

it('writes the counted views at shutdown', async () => {
  const { server, api, dataDir } = await startNodeOnFreshData({ VIEW_FLUSH_MS: '600000', VIEW_BATCH_SIZE: '100000' });
  try {
    const policy = await insertPolicy(api);
    for (let i = 0; i < 4; i++) expect((await api.fetch(`/api/policies/${policy.id}`)).status).toBe(200);
    expect(await api.sql('SELECT view_count FROM policy_stats WHERE policy_id = ?', policy.id)).toEqual([]);
    await server.stop();
    const sqlite = openSqlite(join(dataDir, 'insurance.sqlite'));
    try {
      expect(sqlite.prepare('SELECT view_count FROM policy_stats WHERE policy_id = ?').get(policy.id)).toEqual({ view_count: 4 });
    } finally {
      sqlite.close();
    }
  } finally {
    await server.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
});
