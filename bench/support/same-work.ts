/**
 * The app against its same-work floor (bench/support/floor-server.ts, issue 32): first a check
 * that both answer the same requests with the same status, headers and body, then server CPU
 * time per request, measured in many short interleaved rounds whose order alternates (floor
 * then app, app then floor) so that both see the same machine load: on a shared machine the
 * load swings within seconds, and short turns spread each swing over both. The figure is the
 * median of the rounds' ratios app ÷ floor; every round is reported, with the load average
 * while they ran, and the pooled ratio (all CPU over all requests of each) beside it.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { cpuSeconds } from './cpu.ts';
import { rawRequest, type RawResponse } from './http.ts';
import { runLoad, type LoadSpec } from './load.ts';

export interface Server {
  url: string;
  pid: number;
}

export interface Probe {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Headers the HTTP layer writes per connection, and the request id (random per request). */
const perConnection = new Set(['date', 'connection', 'keep-alive', 'x-request-id']);
const uuidLike = /^[A-Za-z0-9._:-]{8,128}$/;
const isoTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** The answer with what differs on every request (new ids, times) replaced by placeholders. */
function comparable(response: RawResponse) {
  const headers = [...response.headers.entries()].filter(([name]) => !perConnection.has(name)).sort(([a], [b]) => a.localeCompare(b));
  const text = response.body.toString('utf8');
  let body: unknown = text;
  try {
    body = JSON.parse(text, (key, value: unknown) => {
      if ((key === 'id' || key === 'insertedId') && typeof value === 'string') return '<new id>';
      if (typeof value === 'string' && isoTime.test(value)) return '<time>';
      return value;
    });
  } catch {
    // Not JSON: compared as text.
  }
  const requestId = response.headers.get('x-request-id');
  return { status: response.status, headers, body, requestId: requestId !== null && uuidLike.test(requestId) };
}

/**
 * Asks both servers each probe, in the same order (so counted views and stored records agree),
 * and returns the differences found; none means the floor answers as the app does.
 */
export async function differences(app: Server, floor: Server, probes: readonly Probe[]): Promise<string[]> {
  const found: string[] = [];
  for (const probe of probes) {
    const init = { method: probe.method, headers: probe.headers, body: probe.body };
    const fromApp = comparable(await rawRequest(app.url + probe.path, init));
    const fromFloor = comparable(await rawRequest(floor.url + probe.path, init));
    const a = JSON.stringify(fromApp);
    const f = JSON.stringify(fromFloor);
    if (a !== f) found.push(`${probe.label}: app ${a}\n    floor ${f}`);
  }
  return found;
}

export interface Round {
  order: 'floor, app' | 'app, floor';
  appMicros: number;
  floorMicros: number;
  ratio: number;
  appRps: number;
  floorRps: number;
}

async function cpuPerRequest(server: Server, spec: LoadSpec, seconds: number) {
  const before = cpuSeconds(server.pid);
  const result = await runLoad(server.url, spec, seconds);
  const after = cpuSeconds(server.pid);
  const micros = before === null || after === null || !result.total ? Number.NaN : ((after - before) * 1e6) / result.total;
  return { micros, rps: result.requestsPerSecond, requests: result.total };
}

export interface FloorComparison {
  rounds: Round[];
  /** App ÷ floor over all rounds together: each one's CPU over all its requests. */
  pooled: number;
  /** The 1-minute load average before and after the rounds. */
  load: [number, number];
}

/** `rounds` interleaved rounds of one load run each on floor and app, after a warm-up of both. */
export async function compareWithFloor(app: Server, floor: Server, spec: LoadSpec, rounds: number, seconds: number, warmupSeconds: number): Promise<FloorComparison> {
  await runLoad(floor.url, spec, warmupSeconds);
  await runLoad(app.url, spec, warmupSeconds);
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const measured: Round[] = [];
  const totals = { app: { micros: 0, requests: 0 }, floor: { micros: 0, requests: 0 } };
  for (let i = 0; i < rounds; i++) {
    const floorFirst = i % 2 === 0;
    const first = await cpuPerRequest(floorFirst ? floor : app, spec, seconds);
    const second = await cpuPerRequest(floorFirst ? app : floor, spec, seconds);
    const [fromFloor, fromApp] = floorFirst ? [first, second] : [second, first];
    for (const [total, run] of [[totals.app, fromApp], [totals.floor, fromFloor]] as const) {
      total.micros += run.micros * run.requests;
      total.requests += run.requests;
    }
    measured.push({
      order: floorFirst ? 'floor, app' : 'app, floor',
      appMicros: fromApp.micros,
      floorMicros: fromFloor.micros,
      ratio: fromApp.micros / fromFloor.micros,
      appRps: fromApp.rps,
      floorRps: fromFloor.rps,
    });
  }
  const pooled = totals.app.micros / totals.app.requests / (totals.floor.micros / totals.floor.requests);
  return { rounds: measured, pooled, load: [loadBefore, loadavg()[0] ?? Number.NaN] };
}

/** The probes of GET /api/policies/:id: the measured answer and the refusals on its way. */
export function policyProbes(token: string): Probe[] {
  return [
    { label: 'GET a policy', method: 'GET', path: '/api/policies/bench-policy-7' },
    { label: 'GET a policy, signed in', method: 'GET', path: '/api/policies/bench-policy-7', headers: { authorization: `Bearer ${token}` } },
    { label: 'GET a policy that does not exist', method: 'GET', path: '/api/policies/no-such-policy' },
    { label: 'GET a policy with a bad token', method: 'GET', path: '/api/policies/bench-policy-7', headers: { authorization: 'Bearer not-a-token' } },
    { label: 'GET a policy with an id too long', method: 'GET', path: `/api/policies/${'x'.repeat(101)}` },
  ];
}

/** The probes of POST /api/applications: a new one, its replay, and each check's refusal. */
export function applicationProbes(token: string, body: string): Probe[] {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const key = randomUUID();
  const other = JSON.stringify({ ...(JSON.parse(body) as object), estimatedPremium: 6000 });
  return [
    { label: 'POST an application', method: 'POST', path: '/api/applications', headers: { ...headers, 'idempotency-key': key }, body },
    { label: 'POST it again (replay)', method: 'POST', path: '/api/applications', headers: { ...headers, 'idempotency-key': key }, body },
    { label: 'POST another with the same key', method: 'POST', path: '/api/applications', headers: { ...headers, 'idempotency-key': key }, body: other },
    { label: 'POST without a key', method: 'POST', path: '/api/applications', headers, body },
    { label: 'POST signed out', method: 'POST', path: '/api/applications', headers: { 'content-type': 'application/json' }, body },
    { label: 'POST from another site', method: 'POST', path: '/api/applications', headers: { ...headers, 'sec-fetch-site': 'cross-site' }, body },
    { label: 'POST an invalid application', method: 'POST', path: '/api/applications', headers, body: JSON.stringify({ policyId: 'bench-policy-1' }) },
    { label: 'POST a body that is not JSON', method: 'POST', path: '/api/applications', headers, body: '{"policyId":' },
  ];
}
