/**
 * The Node server serving the PWA beside the API (as `npm start` runs it) hands the API the
 * socket, so per-client limits count per client address. Before, the API behind the PWA
 * wrapper (static-pwa.ts) saw no socket and put every client under 'unknown': one window for
 * everybody's sign-ins and sign-ups.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startNodeServer } from '../src/node/node.ts';
import { newLogFile } from './support/logs.ts';
import { nodeTarget, testJwtSecret, testLimits } from './support/target.ts';

it('counts a limited request under the client’s own address when the PWA is served too', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-node-'));
  const dist = mkdtempSync(join(tmpdir(), 'pwa-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>App</title>');
  const server = await startNodeServer({
    env: { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', JWT_SECRET: testJwtSecret, LOG_FILE: newLogFile('node'), SEED_DEMO: 'false', PWA_DIST_DIR: dist, ...testLimits },
    quiet: true,
  });
  try {
    const api = nodeTarget(server);
    const res = await api.fetch('/api/subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Reader', email: 'reader@example.test' }),
    });
    expect(res.status).toBe(201);
    expect(await api.sql<{ key: string }>('SELECT key FROM rate_limits')).toEqual([{ key: 'subscribe:127.0.0.1' }]);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(dist, { recursive: true, force: true });
  }
});
