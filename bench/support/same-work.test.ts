import { createServer, type Server as HttpServer } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { differences, type Server } from './same-work.ts';

const started: HttpServer[] = [];

/** A server answering every request with `headers` and `body`, and a fresh request id. */
async function answering(headers: Record<string, string>, body: string): Promise<Server> {
  let count = 0;
  const server = createServer((_req, res) => {
    count += 1;
    res.writeHead(200, { ...headers, 'x-request-id': `request-${count}-${Math.random().toString(36).slice(2)}` }).end(body);
  });
  started.push(server);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, pid: process.pid };
}

afterAll(() => {
  for (const server of started) server.close();
});

const probe = [{ label: 'GET', method: 'GET' as const, path: '/api/x' }];
const json = { 'content-type': 'application/json', 'cache-control': 'no-store' };

describe('the same-work check', () => {
  it('accepts answers that differ only in new ids, times and request ids', async () => {
    const app = await answering(json, JSON.stringify({ id: 'a1', at: '2026-11-25T10:00:00.000Z', name: 'x' }));
    const floor = await answering(json, JSON.stringify({ id: 'b2', at: '2026-11-25T10:00:01.500Z', name: 'x' }));
    expect(await differences(app, floor, probe)).toEqual([]);
  });

  it('reports a header the floor does not send, or sends differently', async () => {
    const app = await answering({ ...json, 'x-frame-options': 'DENY' }, '{}');
    const missing = await answering(json, '{}');
    const other = await answering({ ...json, 'x-frame-options': 'SAMEORIGIN' }, '{}');
    expect(await differences(app, missing, probe)).toHaveLength(1);
    expect(await differences(app, other, probe)).toHaveLength(1);
  });

  it('reports a different body', async () => {
    const app = await answering(json, JSON.stringify({ error: 'forbidden' }));
    const floor = await answering(json, JSON.stringify({ error: 'unauthorized' }));
    expect(await differences(app, floor, probe)).toHaveLength(1);
  });
});
