/**
 * A sign-out that names its session (issue 24, finding 5): sent late, from a device where
 * another person has signed in since, it ends the named session only, and only with that
 * session's sign-out key; the cookie it travels with (the next person's) is neither used nor
 * cleared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, refresh, refreshCookie, register, type AuthAnswer } from './support/auth-client.ts';
import { runtime, startApi, type ApiTarget } from './support/target.ts';

interface SignedIn {
  cookie: string;
  accessToken: string;
  signOut: { sessionId: string; key: string };
}

describe(`named sign-out on ${runtime}`, { timeout: 60_000 }, () => {
  let api: ApiTarget;
  beforeAll(async () => {
    api = await startApi();
    for (const who of ['first', 'next']) {
      expect((await register(api, { name: who, email: `${who}@example.test`, password: 'secret-1' })).status).toBe(201);
    }
  });
  afterAll(async () => {
    await api?.stop();
  });

  const signIn = async (who: string): Promise<SignedIn> => {
    const res = await login(api, `${who}@example.test`, 'secret-1');
    const body = (await res.json()) as AuthAnswer & { signOut: SignedIn['signOut'] };
    return { cookie: refreshCookie(res)!, accessToken: body.accessToken, signOut: body.signOut };
  };
  const signOutNamed = (cookie: string | null, body: unknown) =>
    api.fetch('/api/auth/logout', { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  const me = (token: string) => api.fetch('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });

  it('gives each sign-in a session id and a sign-out key, and none on a refresh', async () => {
    const first = await signIn('first');
    expect(first.signOut).toEqual({ sessionId: expect.any(String), key: expect.stringMatching(/^[\w-]{40,}$/) });
    const renewed = await refresh(api, first.cookie);
    expect(renewed.status).toBe(200);
    expect(await renewed.json()).not.toHaveProperty('signOut');
    // Only the key's hash is stored.
    expect(await api.sql('SELECT 1 FROM refresh_sessions WHERE sign_out_hash = ?', first.signOut.key)).toEqual([]);
  });

  it('ends the named session with its key, sent with the next person’s cookie, and leaves the next person signed in', async () => {
    const first = await signIn('first');
    // The first person's session was renewed before the owed sign-out (the key holds for the family).
    const renewed = await refresh(api, first.cookie);
    const firstCookie = refreshCookie(renewed)!;
    const next = await signIn('next');

    const ended = await signOutNamed(next.cookie, first.signOut);
    expect(ended.status).toBe(200);
    expect(refreshCookie(ended)).toBeNull();
    expect(ended.headers.getSetCookie().some((line) => line.startsWith('refresh_token='))).toBe(false);

    expect((await refresh(api, firstCookie)).status).toBe(401);
    expect((await me(first.accessToken)).status).toBe(401);
    expect((await me(next.accessToken)).status).toBe(200);
    expect((await refresh(api, next.cookie)).status).toBe(200);

    // Sent again (its answer was lost): still confirmed, nothing else ended.
    expect((await signOutNamed(null, first.signOut)).status).toBe(200);
  });

  it('refuses a key that is not the session’s, and ends nothing', async () => {
    const first = await signIn('first');
    const next = await signIn('next');
    const forged = await signOutNamed(first.cookie, { sessionId: next.signOut.sessionId, key: first.signOut.key });
    expect(forged.status).toBe(403);
    expect((await me(next.accessToken)).status).toBe(200);
    expect((await signOutNamed(null, { sessionId: next.signOut.sessionId })).status).toBe(400);
    expect((await me(first.accessToken)).status).toBe(200);
  });

  it('clears the cookie when it is of the named session itself', async () => {
    const first = await signIn('first');
    const ended = await signOutNamed(first.cookie, first.signOut);
    expect(ended.status).toBe(200);
    expect(ended.headers.getSetCookie().some((line) => line.startsWith('refresh_token=;'))).toBe(true);
    expect((await refresh(api, first.cookie)).status).toBe(401);
  });
});
