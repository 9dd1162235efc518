/**
 * Moving a Node installation to the Worker: an account registered (with a photo) on the Node
 * server, `npm run export-to-d1 -- --d1 local` into a freshly migrated local D1 and R2, then
 * `wrangler dev`: the account signs in with its password and its photo comes from R2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { whenNotBusy } from './support/login.ts';
import { migratedState, operatorTool, startWorkerServer, type WorkerServer } from './support/worker-server.ts';

const account = { name: 'Moved Customer', email: 'moved@example.test', password: 'made-on-node-1' };
/** A real 1x1 PNG. */
const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

let node: AppServer | undefined;
let worker: WorkerServer | undefined;
let photoURL: string;
let printed: string;

const signIn = (url: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });

beforeAll(async () => {
  node = await startAppServer({ seed: false });
  const form = new FormData();
  form.set('name', account.name);
  form.set('email', account.email);
  form.set('password', account.password);
  form.set('photo', new Blob([png], { type: 'image/png' }), 'me.png');
  // Hashing the password may be shed for a moment on a loaded machine (503, Retry-After).
  const { url } = node;
  const { res: registered } = await whenNotBusy(async () => {
    const res = await fetch(`${url}/api/auth/register`, { method: 'POST', body: form });
    return { res, status: res.status, retryAfter: res.headers.get('retry-after') };
  });
  expect(registered.status).toBe(201);
  photoURL = ((await registered.json()) as { user: { photoURL: string } }).user.photoURL;
  await node.stop();

  const state = migratedState();
  printed = operatorTool('export-to-d1', ['--data-dir', node.dataDir, '--print', '--d1', 'local', '--persist-to', state]);
  operatorTool('export-to-d1', ['--data-dir', node.dataDir, '--d1', 'local', '--persist-to', state]);
  worker = await startWorkerServer(state);
  // wrangler runs several times here, each a few seconds (more on a busy machine).
}, 300_000);
afterAll(async () => {
  await worker?.dispose();
  await node?.dispose();
});

describe('npm run export-to-d1', () => {
  it('prints the wrangler commands it would run', () => {
    expect(printed).toMatch(/wrangler d1 execute DB --local .*--file .*export-d1\.sql/);
    expect(printed).toMatch(/wrangler r2 object put insurance-images\/\S+\.png --local/);
  });

  it('moves accounts and images: the account made on Node signs in on the Worker', async () => {
    const res = await signIn(worker!.url);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { user: { email: string; name: string; role: string; photoURL: string } };
    expect(answer.user).toMatchObject({ email: account.email, name: account.name, role: 'user', photoURL });
    const photo = await fetch(new URL(photoURL, worker!.url));
    expect(photo.status).toBe(200);
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(png);
  });
});
