import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { hashRefreshToken, refreshRetryGraceSeconds } from '../src/auth/refresh-sessions.ts';
import { useApi } from './support/app.ts';
import { bearer, insertRefreshSession, logout, refresh, refreshCookie, type AuthAnswer } from './support/auth-client.ts';
import { runtime, testJwtSecret } from './support/target.ts';
import { createTestUser } from './support/users.ts';

const { api, user } = useApi({ user: { role: 'user', name: 'Session Holder' } });

const me = (token: string) => api.fetch('/api/auth/me', { headers: bearer(token) });

const tokenHash = (cookie: string | null) => hashRefreshToken((cookie ?? '').replace(/^refresh_token=/, ''));

/** Moves a token's spending back in time, as if the renewal had been `seconds` ago. */
async function spendEarlier(cookie: string | null, seconds: number) {
  const earlier = new Date(Date.now() - seconds * 1000).toISOString();
  await api.sql('UPDATE refresh_sessions SET used_at = ? WHERE token_hash = ?', earlier, await tokenHash(cookie));
}

/** Whether each session of the token's family is revoked, oldest first. */
async function familyRevocations(cookie: string | null): Promise<boolean[]> {
  const rows = await api.sql<{ revoked_at: string | null }>(
    'SELECT revoked_at FROM refresh_sessions WHERE family_id = (SELECT family_id FROM refresh_sessions WHERE token_hash = ?) ORDER BY created_at, rowid',
    await tokenHash(cookie),
  );
  return rows.map((row) => row.revoked_at !== null);
}

describe(`refresh rotation on ${runtime}`, () => {
  it('swaps a refresh cookie for a new access token and a new cookie, once', async () => {
    const first = await insertRefreshSession(api, user.id);
    const res = await refresh(api, first);
    expect(res.status).toBe(200);
    const body = (await res.json()) as AuthAnswer;
    expect(body.user).toEqual({ id: user.id, email: user.email, name: 'Session Holder', role: 'user', photoURL: null });
    expect((await me(body.accessToken)).status).toBe(200);

    const second = refreshCookie(res);
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/auth/);

    // Only hashes are stored: the cookie's value appears nowhere in the table.
    const rows = await api.sql<{ token_hash: string; used_at: string | null }>('SELECT token_hash, used_at FROM refresh_sessions WHERE user_id = ?', user.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(second).not.toContain(row.token_hash);
    }

    const third = await refresh(api, second);
    expect(third.status).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back after the grace, and its access tokens with it', async () => {
    const stolen = await insertRefreshSession(api, user.id);
    const ownerRefresh = await refresh(api, stolen);
    const ownerCookie = refreshCookie(ownerRefresh);
    const ownerAccess = ((await ownerRefresh.json()) as AuthAnswer).accessToken;
    expect((await me(ownerAccess)).status).toBe(200);
    await spendEarlier(stolen, refreshRetryGraceSeconds + 5);

    // The thief replays the old token after the grace: refused, and the family is ended.
    const replay = await refresh(api, stolen);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: 'unauthorized', message: expect.stringContaining('sign in again') });
    expect(replay.headers.getSetCookie().join('\n')).toMatch(/refresh_token=;.*Max-Age=0/i);

    // The owner's newer token no longer works either, nor the access token of that sign-in.
    expect((await refresh(api, ownerCookie)).status).toBe(401);
    expect((await me(ownerAccess)).status).toBe(401);
    expect(await familyRevocations(stolen)).toEqual([true, true]);
  });

  it('gives a renewal whose answer was lost the same successor again, within the grace, and only while that is unused', async () => {
    const held = await insertRefreshSession(api, user.id);
    const lost = await refresh(api, held);
    expect(lost.status).toBe(200);
    const successor = refreshCookie(lost);

    // The device never got that answer, so it asks again with the token it still holds.
    const again = await refresh(api, held);
    expect(again.status).toBe(200);
    expect(refreshCookie(again)).toBe(successor);
    const { accessToken } = (await again.json()) as AuthAnswer;
    expect((await me(accessToken)).status).toBe(200);
    // Asked twice at once, too: both get it, and nothing is revoked.
    const racing = await Promise.all([refresh(api, held), refresh(api, held)]);
    expect(racing.map((res) => res.status)).toEqual([200, 200]);
    expect(racing.map(refreshCookie)).toEqual([successor, successor]);
    expect(await familyRevocations(held)).toEqual([false, false]);

    // The successor goes on as usual; once it is spent, the old token is reuse even within the grace.
    const onward = await refresh(api, successor);
    expect(onward.status).toBe(200);
    const replay = await refresh(api, held);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ message: expect.stringContaining('sign in again') });
    expect((await refresh(api, refreshCookie(onward))).status).toBe(401);
    expect(await familyRevocations(held)).toEqual([true, true, true]);
  });

  it('refuses a missing, unknown or expired refresh cookie', async () => {
    expect((await refresh(api, null)).status).toBe(401);
    expect((await refresh(api, 'refresh_token=made-up-value')).status).toBe(401);
    const expired = await insertRefreshSession(api, user.id);
    await api.sql("UPDATE refresh_sessions SET expires_at = '2000-01-01T00:00:00.000Z' WHERE expires_at > '2000' AND used_at IS NULL AND revoked_at IS NULL");
    expect((await refresh(api, expired)).status).toBe(401);
  });
});

describe(`signing out on ${runtime}`, () => {
  it('revokes the refresh cookie and the access tokens of that sign-in, and clears the cookie', async () => {
    const cookie = await insertRefreshSession(api, user.id);
    const signedIn = await refresh(api, cookie);
    const current = refreshCookie(signedIn);
    const { accessToken } = (await signedIn.json()) as AuthAnswer;

    const res = await logout(api, current);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'You have been signed out.' });
    expect(res.headers.getSetCookie().join('\n')).toMatch(/refresh_token=;.*Max-Age=0/i);

    expect((await refresh(api, current)).status).toBe(401);
    expect((await me(accessToken)).status).toBe(401);
    // Other sign-ins of the same user are untouched.
    expect((await me(user.token)).status).toBe(200);
  });

  it('answers a visitor without a cookie calmly', async () => {
    const res = await logout(api, null);
    expect(res.status).toBe(200);
  });
});

describe(`hostile access tokens on ${runtime}`, () => {
  const secret = new TextEncoder().encode(testJwtSecret);
  const now = () => Math.floor(Date.now() / 1000);
  const base = () =>
    new SignJWT({}).setSubject(user.id).setIssuer('insurance-api').setAudience('insurance-pwa').setIssuedAt(now()).setExpirationTime(now() + 300);
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('accepts the well-formed control token', async () => {
    const token = await base().setProtectedHeader({ alg: 'HS256' }).sign(secret);
    expect((await me(token)).status).toBe(200);
  });

  const cases: [string, () => Promise<string>][] = [
    ['alg none', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: user.id, iss: 'insurance-api', aud: 'insurance-pwa', iat: now(), exp: now() + 300 })}.`],
    ['HS512 with the right secret', () => base().setProtectedHeader({ alg: 'HS512' }).sign(secret)],
    [
      'RS256 with a key of its own',
      async () => base().setProtectedHeader({ alg: 'RS256' }).sign((await generateKeyPair('RS256')).privateKey),
    ],
    ['HS256 with another secret', () => base().setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another-secret-another-secret-another-secret'))],
    ['expired', () => base().setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now() - 900).setExpirationTime(now() - 600).sign(secret)],
    ['wrong issuer', () => base().setProtectedHeader({ alg: 'HS256' }).setIssuer('someone-else').sign(secret)],
    ['wrong audience', () => base().setProtectedHeader({ alg: 'HS256' }).setAudience('another-app').sign(secret)],
    [
      'no expiry',
      () =>
        new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setIssuer('insurance-api').setAudience('insurance-pwa').setIssuedAt(now()).sign(secret),
    ],
    ['a tampered payload', async () => {
      const [header, , signature] = (await base().setProtectedHeader({ alg: 'HS256' }).sign(secret)).split('.');
      return `${header}.${b64({ sub: 'someone-else', iss: 'insurance-api', aud: 'insurance-pwa', iat: now(), exp: now() + 300 })}.${signature}`;
    }],
  ];

  for (const [name, make] of cases) {
    it(`refuses ${name} with 401`, async () => {
      const res = await me(await make());
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'unauthorized' });
    });
  }

  it('refuses a malformed authorization header with 401', async () => {
    const res = await api.fetch('/api/auth/me', { headers: { authorization: 'Bearer' } });
    expect(res.status).toBe(401);
  });
});

describe(`role changes take effect at once on ${runtime}`, () => {
  it('a demoted admin loses admin access on the very next request', async () => {
    const admin = await createTestUser(api, 'admin');
    expect((await api.fetch('/api/agents/all', { headers: admin.headers })).status).toBe(200);
    await api.sql("UPDATE users SET role = 'user' WHERE id = ?", admin.id);
    const res = await api.fetch('/api/agents/all', { headers: admin.headers });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'forbidden' });
  });

  it('a deleted user is signed out on the very next request, refresh cookie included', async () => {
    const doomed = await createTestUser(api);
    const cookie = await insertRefreshSession(api, doomed.id);
    expect((await me(doomed.token)).status).toBe(200);
    await api.sql('DELETE FROM users WHERE id = ?', doomed.id);
    const res = await me(doomed.token);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'This account no longer exists.' });
    expect((await refresh(api, cookie)).status).toBe(401);
  });
});
