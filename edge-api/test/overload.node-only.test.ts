/**
 * Load shedding on the Node server (edge-api/src/node/overload.ts, docs/security.md): past capacity a
 * request is answered at once with 503, Retry-After and Connection: close, before its body is
 * read and without waiting for the requests in flight. Nothing here is timed: "at once" is shown
 * by the 503 arriving while the request that fills the server is still open.
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { login } from './support/auth-client.ts';
import { nodeTarget, startNodeOnFreshData, type ApiTarget } from './support/target.ts';

const started: Awaited<ReturnType<typeof startNodeOnFreshData>>[] = [];

async function serve(env: Record<string, string>) {
  const node = await startNodeOnFreshData(env);
  started.push(node);
  return node.server;
}

afterAll(async () => {
  for (const node of started) await node.stop();
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A request over node:http, whose answer shows every header (Connection included). */
function send(url: string, method = 'GET'): { body: (chunk: string) => void; end: (chunk?: string) => void; answer: Promise<RawAnswer> } {
  const req = request(url, { method, headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, agent: false });
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  return { body: (chunk) => req.write(chunk), end: (chunk) => req.end(chunk), answer };
}

/** `count` wrong sign-ins at once: each is answered, served (401) or shed (503), and at least two are served. */
async function parallelWrongSignIns(api: ApiTarget, count: number, prefix: string) {
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => login(api, `${prefix}${i}@example.test`, 'wrong-guess')));
  const statuses = answers.map((res) => res.status);
  expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
  expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(2);
  return answers;
}

const busyAnswer = { error: 'service_unavailable', message: 'The server is busy right now. Please try again in a moment.' };

describe('past the requests in flight', () => {
  it('answers at once with 503, Retry-After and Connection: close, while the request in flight goes on', async () => {
    const server = await serve({ OVERLOAD_MAX_IN_FLIGHT: '1' });
    // One sign-in whose body is still on its way holds the only place.
    const held = send(`${server.url}/api/auth/login`, 'POST');
    held.body('{"email":"held@example.test",');
    await expect.poll(() => server.load().inFlight).toBe(1);

    const shed = send(`${server.url}/api/auth/login`, 'POST');
    shed.body('{"email":"shed@example.test",');
    const answer = await shed.answer;
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('2');
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(answer.body)).toEqual(busyAnswer);
    expect(server.load().shed).toBe(1);

    // The held request was not disturbed: it finishes and is answered as usual.
    held.end('"password":"wrong-guess"}');
    expect((await held.answer).status).toBe(401);
    await expect.poll(() => server.load().inFlight).toBe(0);
    expect((await fetch(`${server.url}/api/faqs`)).status).toBe(200);
  }, 60_000);

  it('answers every one of many parallel sign-ins: served ones with 401, the rest with 503 and Retry-After', async () => {
    const server = await serve({ OVERLOAD_MAX_IN_FLIGHT: '2' });
    const api = nodeTarget(server);
    const answers = await parallelWrongSignIns(api, 12, 'busy');
    const shed = answers.filter((res) => res.status === 503);
    expect(shed.length).toBeGreaterThan(0);
    expect(shed[0]!.headers.get('retry-after')).toBe('2');
    expect(await shed[0]!.json()).toEqual(busyAnswer);
    // Once the load is gone, requests are served again.
    expect((await login(api, 'busy0@example.test', 'wrong-guess')).status).toBe(401);
  }, 60_000);
});

describe('a body that is too slow to arrive', () => {
  it('gets 408 and a closed connection at its deadline, while an upload has the longer deadline of its own', async () => {
    const server = await serve({ REQUEST_BODY_TIMEOUT_MS: '300', UPLOAD_BODY_TIMEOUT_MS: '600000' });
    const upload = send(`${server.url}/api/uploads`, 'POST');
    upload.body('--x');
    await expect.poll(() => server.load().receiving).toBe(1);
    const slow = send(`${server.url}/api/auth/login`, 'POST');
    slow.body('{"email":"slow@example.test",');
    const answer = await slow.answer;
    expect(answer.status).toBe(408);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'request_timeout' });
    // The upload, begun first, is still being received: its place is still held.
    expect(server.load()).toMatchObject({ inFlight: 1, receiving: 1, timedOut: 1 });
    upload.end('--');
    await expect.poll(() => server.load().inFlight).toBe(0);
  }, 60_000);
});

describe('a late event loop', () => {
  it('sheds while the loop stays late, and serves again once it is on time', async () => {
    const server = await serve({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '50' });
    // Keep this process's loop (the server's too) late: 120 ms of work in every 130 ms.
    const hog = setInterval(() => {
      const until = Date.now() + 120;
      while (Date.now() < until);
    }, 10);
    try {
      await expect.poll(async () => (await fetch(`${server.url}/api/faqs`)).status, { timeout: 30_000, interval: 50 }).toBe(503);
      const answer = await fetch(`${server.url}/api/faqs`);
      if (answer.status === 503) expect(answer.headers.get('retry-after')).toBe('2');
    } finally {
      clearInterval(hog);
    }
    await expect.poll(async () => (await fetch(`${server.url}/api/faqs`)).status, { timeout: 30_000, interval: 100 }).toBe(200);
  }, 90_000);
});

describe('a full password-hash queue', () => {
  it('answers sign-ins past the queue at once with 503 and Retry-After', async () => {
    const server = await serve({ PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_MAX_QUEUE: '1', PASSWORD_HASH_MAX_WAIT_MS: '600000' });
    const api = nodeTarget(server);
    const answers = await parallelWrongSignIns(api, 8, 'queue');
    const shed = answers.find((res) => res.status === 503);
    expect(shed?.headers.get('retry-after')).toBe('2');
  }, 60_000);
});
