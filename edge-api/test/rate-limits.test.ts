/**
 * Per-client limits on the anonymous and costly endpoints, the upload quota and the removal
 * of unused uploads (docs/security.md). Limits are set low here through the environment; every
 * other test file runs with them out of reach (support/target.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { login, register } from './support/auth-client.ts';
import { call, insertPolicy } from './support/calls.ts';
import { uploadDocument } from './support/documents.ts';
import { jpegImage, pngImage } from './support/images.ts';
import { flatPngOfMegapixels } from './support/metadata-images.ts';
import { insertApplication } from './support/records.ts';
import { runtime, type ApiTarget } from './support/target.ts';
import { createTestUser, type TestUser } from './support/users.ts';

const upload = (api: ApiTarget, user: TestUser, bytes: Uint8Array) => {
  const form = new FormData();
  form.set('image', new Blob([bytes], { type: 'image/png' }), 'a.png');
  return api.fetch('/api/uploads', { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
};
const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();

describe(`per-client rate limits on ${runtime}`, { timeout: 60_000 }, () => {
  const { api } = useApi(
    {},
    {
      env: {
        RATE_LIMIT_REGISTER: '3/3600',
        RATE_LIMIT_SIGN_IN: '4/600',
        RATE_LIMIT_SUBSCRIBE: '3/3600',
        RATE_LIMIT_UPLOADS: '3/3600',
        RATE_LIMIT_VIEWS: '3/3600',
      },
    },
  );

  const expectRetryAfter = async (res: Response | undefined) => {
    expect(res?.status).toBe(429);
    const seconds = Number(res!.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(await res!.json()).toMatchObject({ error: 'too_many_requests', message: expect.stringMatching(/^Too many requests\. Please try again in \d+ (minutes?|seconds?)\.$/) });
  };

  it('meets a burst of sign-ups with 429 and Retry-After, and makes no account past the limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => register(api, { name: `Burst ${i}`, email: `burst${i}@example.test`, password: 'secret-1' })),
    );
    expect(statuses(answers)).toEqual([201, 201, 201, 429, 429]);
    await expectRetryAfter(answers.find((res) => res.status === 429));
    expect((await api.sql<{ n: number }>("SELECT count(*) AS n FROM users WHERE email LIKE 'burst%'"))[0]!.n).toBe(3);
  });

  it('meets a burst of sign-ins (password spraying) with 429', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => login(api, `spray${i}@example.test`, 'wrong-guess')));
    expect(statuses(answers)).toEqual([401, 401, 401, 401, 429, 429]);
    await expectRetryAfter(answers.find((res) => res.status === 429));
  });

  it('meets a burst of newsletter sign-ups with 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => call(api, 'POST', '/api/subscribe', null, { name: 'Reader', email: `reader${i}@example.test` })),
    );
    expect(statuses(answers)).toEqual([201, 201, 201, 429, 429]);
    expect(answers.find((a) => a.status === 429)!.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('meets a burst of uploads with 429 and stores nothing past the limit', async () => {
    const user = await createTestUser(api);
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(api, user, pngImage())));
    expect(statuses(answers)).toEqual([201, 201, 201, 429, 429]);
    await expectRetryAfter(answers.find((res) => res.status === 429));
    expect((await api.sql<{ n: number }>('SELECT count(*) AS n FROM images WHERE owner_id = ?', user.id))[0]!.n).toBe(3);
  });

  it("still shows a policy past the view limit, but stops counting that client's views", async () => {
    const policy = await insertPolicy(api);
    for (let i = 0; i < 6; i++) expect((await call(api, 'GET', `/api/policies/${policy.id}`)).status).toBe(200);
    // Views are written in batches (lib/view-counter.ts); building the list writes the batch first.
    expect((await api.fetch('/api/policies')).status).toBe(200);
    const [stats] = await api.sql<{ view_count: number }>('SELECT view_count FROM policy_stats WHERE policy_id = ?', policy.id);
    expect(stats?.view_count).toBe(3);
  });
});

describe(`upload quota and unused uploads on ${runtime}`, { timeout: 60_000 }, () => {
  const picture = pngImage(32, 32);
  // Room for two of the test pictures, not three.
  const { api } = useApi({}, { env: { UPLOAD_QUOTA_BYTES: String(picture.byteLength * 2 + 10) } });

  it("refuses an upload past the account's quota with 413 and keeps nothing of it", async () => {
    const user = await createTestUser(api);
    expect((await upload(api, user, picture)).status).toBe(201);
    expect((await upload(api, user, picture)).status).toBe(201);
    const over = await upload(api, user, picture);
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ error: 'payload_too_large', message: expect.stringMatching(/^You have used your upload space/) });
    expect((await api.sql<{ n: number }>('SELECT count(*) AS n FROM images WHERE owner_id = ?', user.id))[0]!.n).toBe(2);
    // Another account has its own quota.
    expect((await upload(api, await createTestUser(api), picture)).status).toBe(201);
  });

  it('removes uploads nothing uses once their grace period is over, and keeps the used ones', async () => {
    const user = await createTestUser(api);
    const used = ((await (await upload(api, user, picture)).json()) as { url: string }).url;
    const unused = ((await (await upload(api, user, picture)).json()) as { url: string }).url;
    expect((await call(api, 'PATCH', '/api/auth/me', user, { photoURL: used })).status).toBe(200);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await api.sql('UPDATE images SET created_at = ? WHERE owner_id = ?', twoDaysAgo, user.id);

    // The next upload (anyone's) sweeps.
    expect((await upload(api, await createTestUser(api), picture)).status).toBe(201);
    expect((await api.fetch(unused)).status).toBe(404);
    expect(await api.sql('SELECT id FROM images WHERE id = ?', unused.slice('/api/images/'.length))).toEqual([]);
    expect((await api.fetch(used)).status).toBe(200);
  });
});

describe(`document upload limits on ${runtime}`, { timeout: 60_000 }, () => {
  // Per account 3 an hour, per address 5 (every test talks from 127.0.0.1).
  const { api } = useApi({}, { env: { RATE_LIMIT_DOCUMENT_UPLOADS: '3/3600', RATE_LIMIT_DOCUMENT_UPLOADS_PER_ADDRESS: '5/3600' } });
  const bomb = flatPngOfMegapixels(6300);
  let n = 0;
  // Each test starts with fresh windows.
  beforeEach(() => api.sql("DELETE FROM rate_limits WHERE key LIKE 'documentUploads%'"));
  const send = async (user: TestUser, bytes: Uint8Array) => {
    const application = await insertApplication(api, user, { status: 'pending' });
    return uploadDocument(api, user, application.id, { kind: 'other', writeId: `limit-${(n += 1)}`, fileKey: 'paper' }, bytes);
  };
  const startAnswer = (user: TestUser) =>
    insertApplication(api, user, { status: 'pending' }).then((application) =>
      api.fetch(`/api/applications/${application.id}/documents/uploads`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${user.token}`,
          'tus-resumable': '1.0.0',
          'upload-length': '1000',
          'upload-metadata': `kind ${btoa('other')},writeId ${btoa(`limit-${(n += 1)}`)},fileKey ${btoa('paper')}`,
        },
      }),
    );

  it('counts refused pictures too: after three refused from one account, its next document gets 429 with Retry-After', async () => {
    const attacker = await createTestUser(api);
    const refused = await Promise.all(Array.from({ length: 3 }, () => send(attacker, bomb)));
    expect(refused.map((answer) => answer.status)).toEqual([413, 413, 413]);
    // Even a good photo now waits: the account's tries are used up.
    const next = await startAnswer(attacker);
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await next.json()).toMatchObject({ error: 'too_many_requests', message: expect.stringMatching(/^Too many requests\. Please try again in \d+ minutes?\.$/) });
    expect((await send(attacker, jpegImage(40, 30))).status).toBe(429);
    expect(await api.sql('SELECT id FROM document_uploads WHERE owner_id = ? AND refusal IS NULL', attacker.id)).toEqual([]);
  });

  it('limits one address over all its accounts: a parallel burst from six fresh accounts, refused pictures, meets 429 once', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => createTestUser(api)));
    const answers = await Promise.all(accounts.map((account) => send(account, bomb)));
    expect(statuses(answers)).toEqual([413, 413, 413, 413, 413, 429]);
    // Its window ends: the address may send again (the clock moved by rewriting the window's start).
    await api.sql("UPDATE rate_limits SET window_start = window_start - 3600 * 1000 WHERE key LIKE 'documentUploads%'");
    expect((await send(accounts[0]!, jpegImage(40, 30))).status).toBe(204);
  });
});
