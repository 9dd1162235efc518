/**
 * What the customer was told is done stays done after a power cut (issue 24, finding 4; decision
 * 0075): every SQLite connection that answers writes commits with `synchronous = FULL` in WAL
 * mode. Checked on the connections themselves: the server's own (after it answered writes
 * through HTTP) and the operator tools' (create-admin, seed), and every other connection
 * openSqlite opened in this process, read back with PRAGMA synchronous.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createNodeDatabase, liveConnections, synchronousLevels } from '../src/node/sqlite-node.ts';
import { call } from './support/calls.ts';
import { startNodeOnFreshData } from './support/target.ts';
import { createTestUser } from './support/users.ts';

const toolDir = mkdtempSync(join(tmpdir(), 'operator-'));
afterAll(() => rmSync(toolDir, { recursive: true, force: true }));

it('runs every connection that answers writes with synchronous = FULL, in WAL mode', async () => {
  const node = await startNodeOnFreshData();
  // As the operator tools open DATA_DIR (scripts/operator/operator-db.ts: createNodeDatabase, no options).
  const tool = createNodeDatabase(join(toolDir, 'insurance.sqlite'));
  try {
    // The server answers writes on its connection: a sign-up and a new policy, each committed.
    expect((await call(node.api, 'POST', '/api/subscribe', null, { name: 'Reader', email: 'reader@example.test' })).status).toBe(201);
    const admin = await createTestUser(node.api, 'admin');
    const policy = { title: 'Golden Years Cover', category: 'Senior', description: 'Life cover for people over fifty.', shortDetails: 'Cover from 50 to 75',
      minAge: 50, maxAge: 75, coverageRange: 250_000_000, duration: 10, basePremium: 50_000_000, image: 'https://cdn.example.test/p.jpg' };
    expect((await call(node.api, 'POST', '/api/policies', admin, policy)).status).toBe(201);

    const connections = liveConnections();
    expect(connections).toContain(node.server.sqlite);
    expect(connections.length).toBeGreaterThanOrEqual(2);
    for (const connection of connections) {
      expect(connection.pragma('synchronous', { simple: true })).toBe(synchronousLevels.FULL);
      expect(connection.pragma('journal_mode', { simple: true })).toBe('wal');
    }
  } finally {
    await tool.close();
    await node.stop();
  }
  // Closed connections are no longer counted.
  expect(liveConnections()).not.toContain(node.server.sqlite);
});
