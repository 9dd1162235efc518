/**
 * Durability: the server is SIGKILLed while 1,000 writes are in flight (newsletter sign-ups,
 * and policy applications, each a multi-statement batch with triggers), then restarted on
 * the same DATA_DIR. The database must pass SQLite's integrity check, and every write that
 * was answered 2xx must be there. Node-only: it kills a real process over a real SQLite file.
 */
import SQLite from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { signAccessToken } from '../../src/auth/tokens.ts';
import { readConfig } from '../../src/http/config.ts';
import { testJwtSecret } from '../support/target.ts';
import { postJson, startChildServer, stopAllChildServers } from './child-server.ts';

const writes = 1_000;
const killAfterAcknowledged = 250;
const dataDir = mkdtempSync(join(tmpdir(), 'crash-'));
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

afterAll(async () => {
  agent.destroy();
  await stopAllChildServers();
  rmSync(dataDir, { recursive: true, force: true });
});

function openDatabase() {
  return new SQLite(join(dataDir, 'insurance.sqlite'), { fileMustExist: true });
}

it('keeps every acknowledged write and a sound database through a SIGKILL mid-load', { timeout: 90_000 }, async () => {
  // Demo content gives the policies to apply for and the customer who applies.
  const server = await startChildServer(dataDir, { SEED_DEMO: 'true' });
  const setup = openDatabase();
  const customer = setup.prepare("SELECT id FROM users WHERE email = 'user@demo.local'").get() as { id: string };
  const offered = setup.prepare('SELECT id, min_age, max_age FROM policies').all() as { id: string; min_age: number; max_age: number }[];
  const policyIds = offered.map((p) => p.id);
  // An applicant each policy covers (issue 29: the server checks the age): born on 1 January.
  const bornFor = (policy: { min_age: number; max_age: number }) => `${new Date().getUTCFullYear() - Math.min(policy.min_age + 1, policy.max_age)}-01-01`;
  setup.close();
  const token = await signAccessToken(readConfig({ JWT_SECRET: testJwtSecret }), customer.id, new Date());
  const bearer = { authorization: `Bearer ${token}` };

  const acknowledgedEmails: string[] = [];
  const acknowledgedApplications: string[] = [];
  const refused: string[] = [];
  let acknowledged = 0;
  let failed = 0;
  let killing: Promise<void> | null = null;

  const all = Array.from({ length: writes }, async (_, i) => {
    const email = `crash-${i}@resilience.test`;
    const application = {
      name: 'Rahim Uddin',
      address: `House ${i}, Road 4, Dhaka`,
      nid: String(1990_000_000_000 + i),
      dateOfBirth: bornFor(offered[i % offered.length]!),
      nomineeName: 'Salma Begum',
      relationship: 'Spouse',
      healthConditions: ['None of the Above'],
      estimatedPremium: 4125,
      policyId: policyIds[i % policyIds.length],
    };
    try {
      const reply =
        i % 2 === 0
          ? await postJson(agent, `${server.url}/api/subscribe`, { name: `Subscriber ${i}`, email })
          : await postJson(agent, `${server.url}/api/applications`, application, bearer);
      if (reply.status < 200 || reply.status >= 300) {
        refused.push(`${reply.status} ${reply.body}`);
        return;
      }
      if (i % 2 === 0) acknowledgedEmails.push(email);
      else acknowledgedApplications.push((JSON.parse(reply.body) as { insertedId: string }).insertedId);
      acknowledged += 1;
      if (acknowledged === killAfterAcknowledged) killing = server.kill('SIGKILL');
    } catch {
      failed += 1; // in flight when the process died: the client never heard back
    }
  });
  await Promise.all(all);
  expect(killing, 'the server was killed').not.toBeNull();
  await killing;
  expect(server.process.signalCode).toBe('SIGKILL');
  expect(refused, 'no write was refused before the kill').toEqual([]);
  expect(failed, 'the kill came while writes were still in flight').toBeGreaterThan(0);
  expect(acknowledgedEmails.length).toBeGreaterThan(0);
  expect(acknowledgedApplications.length).toBeGreaterThan(0);

  const restarted = await startChildServer(dataDir);
  const policies = await fetch(`${restarted.url}/api/policies`);
  expect(policies.status).toBe(200);

  const sqlite = openDatabase();
  try {
    expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(sqlite.pragma('foreign_key_check')).toEqual([]);
    const emails = new Set(
      (sqlite.prepare("SELECT email FROM newsletter_subscribers WHERE email LIKE 'crash-%'").all() as { email: string }[]).map((r) => r.email),
    );
    expect(acknowledgedEmails.filter((email) => !emails.has(email))).toEqual([]);
    const applications = new Set((sqlite.prepare('SELECT id FROM applications').all() as { id: string }[]).map((r) => r.id));
    expect(acknowledgedApplications.filter((id) => !applications.has(id))).toEqual([]);
    // Each stored application kept its whole batch: its sync version was stamped by the trigger.
    const unstamped = sqlite.prepare('SELECT count(*) AS n FROM applications WHERE version = 0').get() as { n: number };
    expect(unstamped.n).toBe(0);
    console.log(
      `crash test: ${acknowledged} acknowledged, ${failed} cut off by the kill; ` +
        `stored ${emails.size} sign-ups and ${applications.size} applications`,
    );
  } finally {
    sqlite.close();
  }

  // The restarted server takes writes again.
  const after = await postJson(agent, `${restarted.url}/api/subscribe`, { name: 'After', email: 'after-crash@resilience.test' });
  expect(after.status).toBe(201);
  await restarted.kill('SIGTERM');
});
