/**
 * Per-client limits on the anonymous and costly endpoints, the upload quota and the removal
 * of unused uploads (docs/security.md). Limits are set low here through the environment; every
 * other test file runs with them out of reach (support/target.ts).
 */
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { login, register } from './support/auth-client.ts';
import { call, insertPolicy } from './support/calls.ts';
import { pngImage } from './support/images.ts';
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
