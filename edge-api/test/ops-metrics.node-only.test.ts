/**
 * GET /metrics on Node (issue 30): 404 when no OPS_TOKEN is configured, 401 without its bearer,
 * also on METRICS_PORT; Prometheus text that parses, whose counters move with the requests.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/calls.ts';
import { testOpsToken } from './support/log-secrets.ts';
import { scrape, valueOf } from './support/metrics.ts';
import { startNodeOnFreshData } from './support/target.ts';
import { createTestUser } from './support/users.ts';

type Started = Awaited<ReturnType<typeof startNodeOnFreshData>>;
let guarded: Started;
let open: Started;
beforeAll(async () => {
  [guarded, open] = await Promise.all([
    startNodeOnFreshData({ OPS_TOKEN: testOpsToken, METRICS_PORT: '0', RATE_LIMIT_SUBSCRIBE: '1/3600', LOGIN_FREE_ATTEMPTS: '1' }),
    // No token: the app's port has no /metrics; METRICS_PORT answers anyone who reaches it. One
    // place only, so a request that holds it makes the guard shed every other one.
    startNodeOnFreshData({ METRICS_PORT: '0', OVERLOAD_MAX_IN_FLIGHT: '1', REQUEST_BODY_TIMEOUT_MS: '60000' }),
  ]);
});
afterAll(async () => {
  await Promise.all([guarded?.stop(), open?.stop()]);
});

const metricsPortUrl = (started: Started) => `http://127.0.0.1:${started.server.metricsPort}`;

describe('who may read /metrics', () => {
  it('is 404 on the app port without a configured token, 401 without the bearer, 200 with it', async () => {
    expect((await fetch(`${open.server.url}/metrics`)).status).toBe(404);
    const bare = await fetch(`${guarded.server.url}/metrics`);
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toBe('Bearer');
    expect((await fetch(`${guarded.server.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(`${guarded.server.url}/metrics`, { headers: { authorization: `Bearer ${testOpsToken}` } })).status).toBe(200);
  });

  it('is answered on METRICS_PORT too: open without a token, behind it with one', async () => {
    expect(open.server.metricsPort).toBeGreaterThan(0);
    await scrape(metricsPortUrl(open));
    expect((await fetch(`${metricsPortUrl(guarded)}/metrics`)).status).toBe(401);
    await scrape(metricsPortUrl(guarded), testOpsToken);
    expect((await fetch(`${metricsPortUrl(open)}/api/policies`)).status).toBe(404);
  });
});

describe('what /metrics counts', () => {
  it('counts requests and their latency by route pattern and status', async () => {
    const labels = { method: 'GET', route: '/api/policies/:id', status: '404' };
    const before = await scrape(guarded.server.url, testOpsToken);
    for (let i = 0; i < 3; i += 1) expect((await guarded.api.fetch(`/api/policies/${crypto.randomUUID()}`)).status).toBe(404);
    const after = await scrape(guarded.server.url, testOpsToken);
    expect(valueOf(after, 'http_requests_total', labels) - valueOf(before, 'http_requests_total', labels)).toBe(3);
    expect(valueOf(after, 'http_request_duration_seconds', labels) - valueOf(before, 'http_request_duration_seconds', labels)).toBe(3);
    // Patterns, never paths: no series names a policy's id.
    const routes = after.families.find((f) => f.name === 'http_requests_total')!.metrics.map((m) => m.labels!.route!);
    expect(routes.every((route) => !/[0-9a-f]{8}-[0-9a-f]{4}/.test(route)), routes.join(', ')).toBe(true);
  });

  it('counts rate-limit and sign-in throttle refusals', async () => {
    const subscribe = (email: string) => call(guarded.api, 'POST', '/api/subscribe', null, { name: 'Metrics Test', email });
    expect((await subscribe('metrics-1@test.local')).status).toBe(201);
    expect((await subscribe('metrics-2@test.local')).status).toBe(429);
    const signIn = () => call(guarded.api, 'POST', '/api/auth/login', null, { email: 'nobody@test.local', password: 'wrong-password-1' });
    expect((await signIn()).status).toBe(401);
    expect((await signIn()).status).toBe(429);
    const families = await scrape(guarded.server.url, testOpsToken);
    expect(valueOf(families, 'rate_limit_refusals_total', { limit: 'subscribe' })).toBe(1);
    expect(valueOf(families, 'sign_in_throttle_refusals_total')).toBe(1);
  });

  it('measures group commits, the WAL and the image bytes stored', async () => {
    const before = await scrape(guarded.server.url, testOpsToken);
    const user = await createTestUser(guarded.api);
    const details = { name: 'Metrics Agent', phone: '+8801711000000', nid: '1990123456789', district: 'Sylhet' };
    expect((await call(guarded.api, 'POST', '/api/agents', user, details)).status).toBe(201);
    await guarded.api.sql("INSERT INTO images (id, content_type, byte_size, created_at) VALUES ('metrics.png', 'image/png', 1234, '2026-01-01')");
    const after = await scrape(guarded.server.url, testOpsToken);
    expect(valueOf(after, 'group_commit_batches') - valueOf(before, 'group_commit_batches')).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'group_commit_duration_seconds')).toBe(valueOf(after, 'group_commit_batches'));
    expect(valueOf(after, 'sqlite_wal_bytes')).toBeGreaterThan(0);
    expect(valueOf(after, 'images_stored_bytes')).toBe(1234);
  });

  it('counts requests shed by the overload guard, and is itself never shed', async () => {
    // A sign-in whose body never comes holds the only place until its deadline (a minute here).
    const { port } = new URL(open.server.url);
    const holder = connect(Number(port), '127.0.0.1');
    holder.on('error', () => undefined);
    holder.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`);
    try {
      let shed = 0;
      const faqsStatus = async () => {
        const status = (await open.api.fetch('/api/faqs')).status;
        if (status === 503) shed += 1;
        return status;
      };
      await expect.poll(faqsStatus).toBe(503);
      expect(await faqsStatus()).toBe(503);
      expect(valueOf(await scrape(metricsPortUrl(open)), 'overload_shed_requests_total')).toBe(shed);
    } finally {
      holder.destroy();
    }
  });
});
