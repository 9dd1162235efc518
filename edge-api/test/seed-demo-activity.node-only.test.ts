/**
 * The demo's 60 days of activity (seed/demo-activity.ts): every screen of every role has data
 * on a fresh start, and every past decision has its audit row, because the seed goes through
 * the same commands as real requests. SEED_DEMO=catalogue leaves the activity out.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeServer } from '../src/node/node.ts';
import { newLogFile } from './support/logs.ts';
import { testJwtSecret } from './support/target.ts';

const dirs: string[] = [];
const running: { stop(): Promise<void> }[] = [];

async function start(seed: 'true' | 'catalogue') {
  const dir = mkdtempSync(join(tmpdir(), 'seed-activity-'));
  dirs.push(dir);
  const server = await startNodeServer({
    env: { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', JWT_SECRET: testJwtSecret, LOG_FILE: newLogFile('node'), SEED_DEMO: seed, DEMO_PASSWORD: 'demo-pass' },
    servePwa: false,
    quiet: true,
  });
  running.push(server);
  return server;
}

let server: Awaited<ReturnType<typeof start>>;
const all = <T>(query: string) => server.sqlite.prepare(query).all() as T[];
const one = (query: string) => (server.sqlite.prepare(query).get() as { n: number }).n;

beforeAll(async () => {
  server = await start('true');
});
afterAll(async () => {
  await Promise.allSettled(running.map((s) => s.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const dayMs = 86_400_000;

describe('demo activity on a fresh start', () => {
  it('has applications in every status, spread over the last 60 days', () => {
    const statuses = all<{ status: string }>('SELECT DISTINCT status FROM applications').map((r) => r.status).sort();
    expect(statuses).toEqual(['approved', 'assigned', 'pending', 'rejected']);
    const applied = all<{ applied_at: string }>('SELECT applied_at FROM applications').map((r) => Date.parse(r.applied_at));
    expect(Date.now() - Math.min(...applied)).toBeLessThanOrEqual(61 * dayMs);
    expect(Date.now() - Math.min(...applied)).toBeGreaterThan(45 * dayMs);
    expect(Math.max(...applied)).toBeLessThanOrEqual(Date.now());
    expect(one("SELECT count(*) AS n FROM applications WHERE payment_status = 'paid'")).toBeGreaterThanOrEqual(8);
  });

  it('leaves several claims waiting for the demo agent', () => {
    expect(one("SELECT count(*) AS n FROM applications WHERE assigned_agent = 'agent@demo.local' AND status IN ('pending', 'assigned')")).toBeGreaterThanOrEqual(4);
  });

  it("has payments on many days of the last 30 (the transactions screen's default range)", () => {
    const days = all<{ day: string }>(`SELECT DISTINCT substr(paid_at, 1, 10) AS day FROM payments WHERE paid_at >= '${new Date(Date.now() - 30 * dayMs).toISOString()}'`);
    expect(days.length).toBeGreaterThanOrEqual(6);
    // Each payment belongs to a paid application, once.
    expect(one('SELECT count(*) AS n FROM payments')).toBe(one("SELECT count(*) AS n FROM applications WHERE payment_status = 'paid'"));
  });

  it('has agent requests waiting and decided, and the agents are agents by a recorded approval', () => {
    const requests = all<{ status: string }>('SELECT status FROM agent_requests');
    expect(requests.filter((r) => r.status === 'pending').length).toBeGreaterThanOrEqual(2);
    expect(requests.some((r) => r.status === 'disapproved')).toBe(true);
    expect(requests.some((r) => r.status === 'approved')).toBe(true);
    const agents = one("SELECT count(*) AS n FROM users WHERE role = 'agent'");
    expect(one("SELECT count(*) AS n FROM audit_log WHERE action = 'role.change' AND to_value = 'agent'")).toBe(agents);
  });

  it('records every past decision in the audit log', () => {
    const audited = (action: string) => one(`SELECT count(*) AS n FROM audit_log WHERE action = '${action}'`);
    expect(audited('application.create')).toBe(one('SELECT count(*) AS n FROM applications'));
    expect(audited('application.assign')).toBe(one('SELECT count(*) AS n FROM applications WHERE assigned_at IS NOT NULL'));
    expect(audited('application.pay')).toBe(one('SELECT count(*) AS n FROM payments'));
    expect(audited('application.approve')).toBe(one("SELECT count(*) AS n FROM applications WHERE status = 'approved'"));
    expect(audited('application.reject')).toBe(one("SELECT count(*) AS n FROM applications WHERE status = 'rejected'"));
    expect(audited('agent_request.status')).toBe(one("SELECT count(*) AS n FROM agent_requests WHERE status <> 'pending'"));
  });

  it('has insurance claims in every state, some for the demo agent and the demo user, one overdue (issue 31)', () => {
    const states = all<{ status: string }>('SELECT DISTINCT status FROM claims').map((r) => r.status).sort();
    expect(states).toEqual(['approved', 'assigned', 'more_documents', 'paid', 'rejected', 'submitted']);
    expect(one("SELECT count(*) AS n FROM claims WHERE assigned_agent = 'agent@demo.local' AND status IN ('assigned', 'more_documents')")).toBeGreaterThanOrEqual(2);
    expect(one("SELECT count(*) AS n FROM claims WHERE claimant_email = 'user@demo.local'")).toBe(2);
    expect(one("SELECT count(*) AS n FROM claims WHERE status IN ('submitted', 'assigned', 'more_documents') AND due_on < date('now', '+6 hours')")).toBeGreaterThanOrEqual(1);
    expect(one("SELECT count(*) AS n FROM audit_log WHERE action = 'claim.payout'")).toBe(one("SELECT count(*) AS n FROM claims WHERE status = 'paid'"));
  });

  it('publishes blog posts by the demo agent', () => {
    expect(one("SELECT count(*) AS n FROM blogs WHERE author_email = 'agent@demo.local'")).toBeGreaterThanOrEqual(1);
  });

  it('leaves the activity out with SEED_DEMO=catalogue', async () => {
    const catalogue = await start('catalogue');
    const count = (query: string) => (catalogue.sqlite.prepare(query).get() as { n: number }).n;
    expect(count('SELECT count(*) AS n FROM payments')).toBe(0);
    expect(count('SELECT count(*) AS n FROM applications')).toBe(2);
    expect(count('SELECT count(*) AS n FROM policies')).toBeGreaterThan(20);
  });
});
