/**
 * A HEAD never writes a cache (issue 24, finding 2): one `HEAD /api/policies` with gzip, first
 * after a start or after a catalogue change, made the Node server keep an empty compressed
 * copy that every gzip client was sent from then on. Here each HEAD comes first, and the gzip
 * GETs after it must unpack to exactly the plain answer. On Node the API runs behind the PWA's
 * wrapper, which is where answers are compressed and kept (node/compressed-by-tag.ts); the
 * Worker keeps no compressed answers (the platform compresses), and the same reads hold there.
 */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/calls.ts';
import { policyBody } from './support/records.ts';
import { runtime, startApi, startNodeOnFreshData, type ApiTarget } from './support/target.ts';
import { createTestUser, type TestUser } from './support/users.ts';

let api: ApiTarget;
let stop: () => Promise<void>;
let admin: TestUser;

beforeAll(async () => {
  if (runtime === 'node') {
    const node = await startNodeOnFreshData({}, { servePwa: true });
    api = node.api;
    stop = node.stop;
  } else {
    api = await startApi();
    stop = () => api.stop();
  }
  admin = await createTestUser(api, 'admin');
});
afterAll(async () => {
  await stop?.();
});

interface Raw {
  status: number;
  encoding: string | undefined;
  body: Buffer;
}

/** Over node:http, which (unlike fetch) hands back the bytes as sent, compressed or not. */
function raw(method: 'GET' | 'HEAD', acceptEncoding: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(new URL('/api/policies', api.url), { method, headers: { 'accept-encoding': acceptEncoding, connection: 'close' }, agent: false });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const plainText = (answer: Raw) => (answer.encoding === 'gzip' ? gunzipSync(answer.body) : answer.body).toString('utf8');

/** HEAD first, then gzip GETs: each must unpack to the catalogue the plain GET returns. */
async function headThenRead(expectedTitles: string[]) {
  const head = await raw('HEAD', 'gzip, deflate, br');
  expect(head.status).toBe(200);
  expect(head.body.byteLength).toBe(0);
  const identity = await raw('GET', 'identity');
  expect(identity.status).toBe(200);
  expect(identity.encoding).toBeUndefined();
  const catalogue = JSON.parse(identity.body.toString('utf8')) as { title: string }[];
  expect(catalogue.map((policy) => policy.title).sort()).toEqual([...expectedTitles].sort());
  for (let i = 0; i < 3; i++) {
    const gzip = await raw('GET', 'gzip, deflate, br');
    expect(gzip.status).toBe(200);
    if (runtime === 'node') expect(gzip.encoding).toBe('gzip');
    expect(plainText(gzip)).toBe(identity.body.toString('utf8'));
  }
}

const policy = (title: string) => policyBody({ title, image: 'https://cdn.example.test/p.jpg' });

describe(`HEAD /api/policies with gzip on ${runtime}`, () => {
  it('first after a start, after an edit and after a new policy: the next gzip GETs return the whole catalogue', async () => {
    // Enough policies that the answer is worth compressing (past 1 KB).
    const titles = ['Golden Years Cover', 'Child Future Plan', 'Family Shield'];
    const ids: string[] = [];
    for (const title of titles) {
      const made = await call(api, 'POST', '/api/policies', admin, policy(title));
      expect(made.status).toBe(201);
      ids.push(made.body.insertedId);
    }
    // No read of the catalogue has happened since the start: the HEAD is the first.
    await headThenRead(titles);

    const edited = await call(api, 'PATCH', `/api/policies/${ids[0]}`, admin, { title: 'Golden Years Cover Plus' });
    expect(edited.status).toBe(200);
    await headThenRead(['Golden Years Cover Plus', 'Child Future Plan', 'Family Shield']);

    expect((await call(api, 'POST', '/api/policies', admin, policy('Student Saver'))).status).toBe(201);
    await headThenRead(['Golden Years Cover Plus', 'Child Future Plan', 'Family Shield', 'Student Saver']);
  });
});
