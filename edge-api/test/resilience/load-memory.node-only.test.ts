/**
 * Sustained mixed load: 256 connections reading the catalogue, blogs and agents and writing
 * (newsletter sign-ups, policy views) for LOAD_SECONDS (30 by default) against the real
 * server in a child process, on loopback only.
 *
 * What this checks is correctness under load and the absence of leaks, NOT speed: no request
 * may fail or get a non-2xx answer, and the server's resident memory must stay flat (the
 * average of the last third of the run may not exceed the first third's by 50% or 100 MB).
 * Throughput figures belong to the benchmarks in bench/. Node-only: it measures a process.
 *
 * The server runs with its old generation capped (--max-old-space-size). Uncapped, V8 grows
 * its heap lazily under allocation pressure (RSS climbed 160 -> 330 MB over 60 s of this load
 * with nothing retained), which measures GC policy, not leaks. Capped, garbage must be
 * collected, so growth that remains is memory really kept; and a JavaScript leak past the
 * cap kills the server, which fails the test through connection errors.
 */
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { residentBytes, startChildServer, stopAllChildServers } from './child-server.ts';

const seconds = Math.max(3, Number(process.env.LOAD_SECONDS ?? 30));
const connections = 256;
const heapCapMb = 96;
const dataDir = mkdtempSync(join(tmpdir(), 'load-'));

afterAll(async () => {
  await stopAllChildServers();
  rmSync(dataDir, { recursive: true, force: true });
});

const average = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

it.skipIf(process.platform !== 'linux')(
  `serves ${connections} connections of mixed reads and writes for ${seconds}s without errors or memory growth`,
  { timeout: (seconds + 60) * 1000 },
  async () => {
    // Demo content, so reads return real-sized answers.
    const server = await startChildServer(dataDir, { SEED_DEMO: 'true' }, [`--max-old-space-size=${heapCapMb}`]);
    const policyIds = ((await (await fetch(`${server.url}/api/policies`)).json()) as { id: string }[]).map((p) => p.id);
    expect(policyIds.length).toBeGreaterThanOrEqual(24);

    let signUps = 0;
    let signUpsAccepted = 0;
    let views = 0;
    const requests: autocannon.Request[] = [
      { method: 'GET', path: '/api/policies' },
      { method: 'GET', path: '/api/policies/6' },
      {
        method: 'POST',
        path: '/api/subscribe',
        headers: { 'content-type': 'application/json' },
        // Distinct emails: every sign-up is a real insert, never a duplicate.
        setupRequest: (req) => {
          signUps += 1;
          return { ...req, body: JSON.stringify({ name: `Load ${signUps}`, email: `load-${signUps}@resilience.test` }) };
        },
        onResponse: (status) => {
          if (status === 201) signUpsAccepted += 1;
        },
      },
      { method: 'GET', path: '/api/blogs' },
      {
        method: 'GET',
        // A policy view also writes: it counts towards popularity.
        setupRequest: (req) => ({ ...req, path: `/api/policies/${policyIds[views++ % policyIds.length]}` }),
      },
      { method: 'GET', path: '/api/agents' },
      { method: 'GET', path: '/api/faqs' },
    ];

    const samples: number[] = [];
    const sampler = setInterval(() => {
      const rss = residentBytes(server.pid);
      if (rss !== null) samples.push(rss);
    }, 1000);
    const errorKinds: Record<string, number> = {};
    let result: autocannon.Result;
    try {
      result = await new Promise<autocannon.Result>((resolveRun, reject) => {
        // Latency is not judged here: on a busy 2-core machine a request may wait long in the
        // queue, and that is not a failure. So no request times out before the run ends; one
        // still unanswered then is simply in flight, and a stuck server shows as too few 2xx.
        const timeout = seconds + 60;
        const instance = autocannon({ url: server.url, connections, duration: seconds, requests, timeout }, (err, res) =>
          err ? reject(err) : resolveRun(res),
        );
        instance.on('reqError', (error: { code?: string; message?: string }) => {
          const kind = error.code ?? error.message ?? 'unknown';
          errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
        });
      });
    } finally {
      clearInterval(sampler);
    }

    expect(server.process.exitCode ?? server.process.signalCode, `the server died under load:\n${server.output().slice(-2000)}`).toBeNull();
    const codes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
    expect(result.errors, `connection errors ${JSON.stringify(errorKinds)}; status codes ${JSON.stringify(codes)}`).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx, `non-2xx answers; status codes ${JSON.stringify(codes)}`).toBe(0);
    expect(result['2xx'], 'every connection got answers').toBeGreaterThan(connections * 2);
    const stillServing = await fetch(`${server.url}/api/policies/6`);
    expect(stillServing.status).toBe(200);

    // Every accepted sign-up was stored (requests still in flight when the run ended may be too).
    expect(signUpsAccepted).toBeGreaterThan(0);
    const sqlite = new SQLite(join(dataDir, 'insurance.sqlite'), { fileMustExist: true, readonly: true });
    try {
      const stored = sqlite.prepare("SELECT count(*) AS n FROM newsletter_subscribers WHERE email LIKE 'load-%'").get() as { n: number };
      expect(stored.n).toBeGreaterThanOrEqual(signUpsAccepted);
      expect(stored.n).toBeLessThanOrEqual(signUps);
    } finally {
      sqlite.close();
    }

    const window = Math.max(1, Math.min(10, Math.floor(samples.length / 3)));
    const early = average(samples.slice(0, window));
    const late = average(samples.slice(-window));
    const growth = late - early;
    const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);
    console.log(
      `load: ${result.requests.total} requests (${result['2xx']} 2xx) in ${seconds}s at ${connections} connections; ` +
        `RSS ${mb(early)} MB -> ${mb(late)} MB (${samples.length} samples: ${samples.map(mb).join(" ")})`,
    );
    expect(growth / early, `RSS grew from ${mb(early)} MB to ${mb(late)} MB`).toBeLessThan(0.5);
    expect(growth).toBeLessThan(100 * 1_048_576);
  },
);
