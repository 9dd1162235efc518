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
  const [found = []] = await differencesFrom(floor, [app], probes);
  return found;
}

/** The same for several servers against one: each probe is asked of `others` in order, then of `floor`. */
export async function differencesFrom(floor: Server, others: readonly Server[], probes: readonly Probe[]): Promise<string[][]> {
  const found: string[][] = others.map(() => []);
  for (const probe of probes) {
    const init = { method: probe.method, headers: probe.headers, body: probe.body };
    const answers = [];
    for (const other of others) answers.push(JSON.stringify(comparable(await rawRequest(other.url + probe.path, init))));
    const f = JSON.stringify(comparable(await rawRequest(floor.url + probe.path, init)));
    answers.forEach((a, index) => {
      if (a !== f) found[index]!.push(`${probe.label}: ${a}\n    floor ${f}`);
    });
  }
  return found;
}

export interface Round {
  order: string;
  appMicros: number;
  floorMicros: number;
  ratio: number;
  appRps: number;
  floorRps: number;
  /** The bare framework's (NaN when not measured), and its ratio to the floor. */
  frameworkMicros: number;
  frameworkRatio: number;
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
  /** The same for the bare framework (NaN when not measured). */
  frameworkPooled: number;
  /** The 1-minute load average before and after the rounds. */
  load: [number, number];
}

type Measured = Awaited<ReturnType<typeof cpuPerRequest>>;

/**
 * `rounds` interleaved rounds of one load run each on floor and app (and the bare framework,
 * when given), after a warm-up of each; the order alternates: floor first, then last.
 */
export async function compareWithFloor(
  app: Server,
  floor: Server,
  spec: LoadSpec,
  rounds: number,
  seconds: number,
  warmupSeconds: number,
  framework?: Server,
): Promise<FloorComparison> {
  const servers = new Map<'floor' | 'app' | 'framework', Server>([['floor', floor], ['app', app]]);
  if (framework) servers.set('framework', framework);
  const names = [...servers.keys()];
  for (const server of servers.values()) await runLoad(server.url, spec, warmupSeconds);
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const measured: Round[] = [];
  const totals = new Map(names.map((name) => [name, { micros: 0, requests: 0 }]));
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? names : [...names].reverse();
    const runs = new Map<string, Measured>();
    for (const name of order) {
      const run = await cpuPerRequest(servers.get(name)!, spec, seconds);
      runs.set(name, run);
      const total = totals.get(name)!;
      total.micros += run.micros * run.requests;
      total.requests += run.requests;
    }
    const fromApp = runs.get('app')!;
    const fromFloor = runs.get('floor')!;
    const fromFramework = runs.get('framework');
    measured.push({
      order: order.join(', '),
      appMicros: fromApp.micros,
      floorMicros: fromFloor.micros,
      ratio: fromApp.micros / fromFloor.micros,
      appRps: fromApp.rps,
      floorRps: fromFloor.rps,
      frameworkMicros: fromFramework?.micros ?? Number.NaN,
      frameworkRatio: fromFramework ? fromFramework.micros / fromFloor.micros : Number.NaN,
    });
  }
  const perRequest = (name: 'floor' | 'app' | 'framework') => {
    const total = totals.get(name);
    return total ? total.micros / total.requests : Number.NaN;
  };
  return {
    rounds: measured,
    pooled: perRequest('app') / perRequest('floor'),
    frameworkPooled: perRequest('framework') / perRequest('floor'),
    load: [loadBefore, loadavg()[0] ?? Number.NaN],
  };
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
