/**
 * Issue 28: a decision made, its push in flight, and the server SIGKILLed before the push
 * service answered. After a restart on the same DATA_DIR the push still arrives, signed with
 * the same VAPID key (kept in DATA_DIR): nothing of it lived only in memory.
 */
import SQLite from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { signAccessToken } from '../../src/auth/tokens.ts';
import { readConfig } from '../../src/http/config.ts';
import { applicationBody } from '../support/calls.ts';
import { pushTestEnv, startPushService } from '../support/push-service.ts';
import { testJwtSecret } from '../support/target.ts';
import { startChildServer, stopAllChildServers, type ChildServer } from './child-server.ts';
import { policyRow } from '../../src/seed/factories.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'push-crash-'));
let serverKey: string | null = null;
const push = await startPushService(() => serverKey);

afterAll(async () => {
  await stopAllChildServers();
  await push.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function until<T>(what: string, check: () => T | undefined | null | false, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(push.attempts)} ${push.problems}`);
    await new Promise((tick) => setTimeout(tick, 50));
  }
}

it('delivers a push whose send was cut by a kill -9, after the restart', { timeout: 90_000 }, async () => {
  // A short lease: the push claimed by the killed server is tried again soon after the restart.
  const env = { ...pushTestEnv, PUSH_LEASE_MS: '1500' };
  let server: ChildServer = await startChildServer(dataDir, env);

  const database = new SQLite(join(dataDir, 'insurance.sqlite'));
  const now = new Date().toISOString();
  const person = (role: string) => {
    const id = crypto.randomUUID();
    database.prepare('INSERT INTO users (id, email, name, role, created_at) VALUES (?, ?, ?, ?, ?)').run(id, `${role}-${id.slice(0, 8)}@crash.test`, `A ${role}`, role, now);
    return { id, email: `${role}-${id.slice(0, 8)}@crash.test` };
  };
  const [customer, agent, admin] = [person('user'), person('agent'), person('admin')];
  const policy = policyRow();
  database
    .prepare(`INSERT INTO policies (${Object.keys(policy).join(', ')}) VALUES (${Object.keys(policy).map(() => '?').join(', ')})`)
    .run(...Object.values(policy));
  database.close();
  const config = readConfig({ JWT_SECRET: testJwtSecret });
  const headersOf = async (id: string) => ({ authorization: `Bearer ${await signAccessToken(config, id, new Date())}`, 'content-type': 'application/json' });
  const send = async (method: string, path: string, as: string, body?: unknown) => {
    const res = await fetch(server.url + path, { method, headers: await headersOf(as), body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  serverKey = (await send('GET', '/api/notifications/push-key', customer.id)).body.publicKey as string;
  const device = await push.newDevice();
  expect((await send('PUT', '/api/notifications/subscriptions', customer.id, device.subscription)).status).toBe(200);
  const applied = await send('POST', '/api/applications', customer.id, applicationBody(policy.id));
  expect(applied.status).toBe(201);

  // The push service takes the request and never answers: the send is in flight when the server dies.
  push.hold();
  const assigned = await send('PATCH', `/api/applications/assign/${applied.body.insertedId as string}`, admin.id, { agentEmail: agent.email });
  expect(assigned.status).toBe(200);
  await until('the push in flight', () => push.attempts.some((attempt) => attempt.device === device.id && attempt.status === 0));
  await server.kill('SIGKILL');
  push.release();
  expect(push.received).toEqual([]);

  server = await startChildServer(dataDir, env);
  const delivered = await until('the push after the restart', () => push.received.find((received) => received.device === device.id));
  expect(delivered.payload).toMatchObject({ title: 'Application assigned', link: `/dashboard/applications/${applied.body.insertedId as string}` });
  expect(push.problems).toEqual([]);
  const health = await send('GET', '/api/admin/push-health', admin.id);
  expect(health.body).toMatchObject({ sent: 1, waiting: 0, retrying: 0 });
  await server.kill('SIGKILL');
});
