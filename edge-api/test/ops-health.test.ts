/**
 * Issue 30 on both runtimes: the probes (live, ready, details only with OPS_TOKEN) and the request
 * log line (its id from X-Request-Id or made, returned in the answer; the route pattern, not the
 * path; the signed-in user's id; a failure's stack once, with the request id), and the counted
 * events: Prometheus on Node, a log line each on the Worker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/calls.ts';
import { testOpsToken } from './support/log-secrets.ts';
import { readLogLines, waitForLogLine } from './support/logs.ts';
import { scrape, valueOf } from './support/metrics.ts';
import { startApi, type ApiTarget } from './support/target.ts';
import { createTestUser } from './support/users.ts';

let api: ApiTarget;
beforeAll(async () => {
  api = await startApi({ OPS_TOKEN: testOpsToken, RATE_LIMIT_SUBSCRIBE: '1/3600' });
});
afterAll(() => api?.stop());

const operator = { authorization: `Bearer ${testOpsToken}` };
const logFile = () => {
  expect(api.logFile, 'the test support gives every server a log file').toBeTruthy();
  return api.logFile!;
};

describe('probes', () => {
  it('live answers 200 and nothing about the server', async () => {
    const res = await call(api, 'GET', '/api/health/live');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('ready answers 200 once the database reads and writes; details only to the operator', async () => {
    const visitor = await call(api, 'GET', '/api/health/ready');
    expect(visitor.status, JSON.stringify(visitor.body)).toBe(200);
    expect(visitor.body).toEqual({ status: 'ready' });

    const wrongToken = await call(api, 'GET', '/api/health/ready', null, undefined, { authorization: 'Bearer not-the-token' });
    expect(wrongToken.body).toEqual({ status: 'ready' });

    const detailed = await call(api, 'GET', '/api/health/ready', null, undefined, operator);
    expect(detailed.status).toBe(200);
    const checks = detailed.body.checks as Record<string, { ok: boolean; ms: number }>;
    const expected = api.runtime === 'node' ? ['startup', 'db_read', 'db_write', 'disk'] : ['db_read', 'db_write', 'storage'];
    expect(Object.keys(checks)).toEqual(expected);
    for (const name of expected) expect(checks[name]!.ok, name).toBe(true);
    // The write check really wrote: its row is in the database.
    const [probe] = await api.sql<{ hits: number }>("SELECT hits FROM rate_limits WHERE key = 'ops:ready-probe'");
    expect(probe?.hits).toBe(1);
  });
});

describe('the request log', () => {
  it('carries the request id from the request to the answer and the log line', async () => {
    const reqId = `trace-${crypto.randomUUID()}`;
    const res = await call(api, 'GET', `/api/policies/${crypto.randomUUID()}`, null, undefined, { 'x-request-id': reqId });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe(reqId);
    const line = await waitForLogLine(logFile(), (l) => l.reqId === reqId);
    expect(line).toMatchObject({ level: 'info', method: 'GET', route: '/api/policies/:id', status: 404 });
    expect(typeof line.durationMs).toBe('number');
    expect(line).not.toHaveProperty('userId');
  });

  it('makes an id when none (or a malformed one) was sent, and names the signed-in user', async () => {
    const user = await createTestUser(api);
    const res = await call(api, 'GET', '/api/auth/me', user, undefined, { 'x-request-id': 'bad id with spaces' });
    expect(res.status).toBe(200);
    const reqId = res.headers.get('x-request-id');
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    const line = await waitForLogLine(logFile(), (l) => l.reqId === reqId);
    expect(line).toMatchObject({ method: 'GET', route: '/api/auth/me', status: 200, userId: user.id });
  });

  it('logs a failure once, with its stack, in the line of its request', async () => {
    const user = await createTestUser(api);
    // The table the handler reads is gone: an internal error, not one the API expects.
    await api.sql('ALTER TABLE faqs RENAME TO faqs_away');
    try {
      const res = await call(api, 'GET', '/api/faqs', user);
      expect(res.status).toBe(500);
      const reqId = res.headers.get('x-request-id')!;
      const line = await waitForLogLine(logFile(), (l) => l.reqId === reqId);
      expect(line).toMatchObject({ level: 'error', route: '/api/faqs', status: 500, userId: user.id });
      expect((line.err as { stack: string }).stack).toMatch(/faqs/);
      const mentions = readLogLines(logFile()).filter((l) => JSON.stringify(l).includes(reqId));
      expect(mentions).toHaveLength(1);
    } finally {
      await api.sql('ALTER TABLE faqs_away RENAME TO faqs');
    }
  });
});

describe('counted events', () => {
  it('counts a rate-limit refusal: in /metrics on Node, as a log line on the Worker', async () => {
    const subscribe = (email: string) => call(api, 'POST', '/api/subscribe', null, { name: 'Ops Test', email });
    expect((await subscribe('ops-1@test.local')).status).toBe(201);
    expect((await subscribe('ops-2@test.local')).status).toBe(429);
    if (api.runtime === 'node') {
      expect(valueOf(await scrape(api.url, testOpsToken), 'rate_limit_refusals_total', { limit: 'subscribe' })).toBe(1);
    } else {
      expect(await waitForLogLine(logFile(), (l) => l.metric === 'rate_limited')).toMatchObject({ limit: 'subscribe', value: 1 });
    }
  });
});
