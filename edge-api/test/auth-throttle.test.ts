/**
 * The sign-in throttle (docs/security.md): attempts reserved before the hash, progressive
 * delays per email and per client address, and a password change strangers cannot block.
 * The first delay is set long (10 minutes) so that no assertion depends on how fast the machine is.
 */
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { bearer, login, register, type AuthAnswer } from './support/auth-client.ts';
import { runtime } from './support/target.ts';

const base = 600;
const { api } = useApi({}, { env: { LOGIN_DELAY_BASE_SECONDS: String(base), LOGIN_DELAY_MAX_SECONDS: '3600' } });

const attemptsOf = async (key: string) =>
  (await api.sql<{ attempts: number; next_allowed_at: number }>('SELECT attempts, next_allowed_at FROM sign_in_throttle WHERE key = ?', key))[0];
/** Lets the key's current wait run out, as if the time had passed. */
const waitOut = (key: string) => api.sql('UPDATE sign_in_throttle SET next_allowed_at = ? WHERE key = ?', Date.now() - 1, key);

describe(`sign-in throttle on ${runtime}`, { timeout: 60_000 }, () => {
  it('counts 30 parallel wrong guesses and refuses the right password sent amid them', async () => {
    await register(api, { name: 'Target', email: 'target@example.test', password: 'right-pass' });
    const guesses = Array.from({ length: 30 }, () => login(api, 'target@example.test', 'wrong-pass'));
    // Once the five free attempts are reserved (the guesses are still hashing), the owner's
    // right password arrives: it must wait like any other attempt.
    await expect.poll(async () => (await attemptsOf('email:target@example.test'))?.attempts ?? 0, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    const right = await login(api, 'target@example.test', 'right-pass');
    expect(right.status).toBe(429);

    const answers = await Promise.all(guesses);
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    expect((await attemptsOf('email:target@example.test'))?.attempts).toBe(5);
    const refused = answers.find((res) => res.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(base - 60);
    expect(await refused.json()).toMatchObject({
      error: 'too_many_requests',
      message: 'Too many failed sign-in attempts. Please try again in 10 minutes.',
    });
  });

  it('doubles the wait after each further attempt, and a success starts the count afresh', async () => {
    const key = 'email:target@example.test';
    await waitOut(key);
    expect((await login(api, 'target@example.test', 'wrong-pass')).status).toBe(401);
    const second = await login(api, 'target@example.test', 'right-pass');
    expect(second.status).toBe(429);
    // The sixth attempt waits twice the first delay; a refused attempt did not add to it.
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(2 * base - 60);
    expect((await attemptsOf(key))?.attempts).toBe(6);

    await waitOut(key);
    expect((await login(api, 'target@example.test', 'right-pass')).status).toBe(200);
    expect(await attemptsOf(key)).toBeUndefined();
    for (let i = 0; i < 4; i++) expect((await login(api, 'target@example.test', 'wrong-pass')).status).toBe(401);
    expect((await login(api, 'target@example.test', 'right-pass')).status).toBe(200);
  });

  it('counts unknown emails the same way, whatever their case', async () => {
    const guesses = await Promise.all(Array.from({ length: 8 }, (_, i) => login(api, i % 2 ? 'GHOST@example.test' : 'ghost@example.test', 'wrong-guess')));
    expect(guesses.filter((res) => res.status === 401)).toHaveLength(5);
    expect(guesses.filter((res) => res.status === 429)).toHaveLength(3);
  });

  it("does not let strangers' guesses block the signed-in owner's password change", async () => {
    const res = await register(api, { name: 'Owner', email: 'owner@example.test', password: 'first-pass' });
    const { accessToken } = (await res.json()) as AuthAnswer;
    await Promise.all(Array.from({ length: 10 }, () => login(api, 'owner@example.test', 'wrong-guess')));
    expect((await login(api, 'owner@example.test', 'first-pass')).status).toBe(429);

    const change = await api.fetch('/api/auth/password', {
      method: 'POST',
      headers: bearer(accessToken),
      body: JSON.stringify({ oldPassword: 'first-pass', newPassword: 'second-pass', confirmPassword: 'second-pass' }),
    });
    expect(change.status).toBe(200);
  });

  it("throttles a signed-in user's guesses at their own old password", async () => {
    const res = await register(api, { name: 'Thief', email: 'stolen@example.test', password: 'first-pass' });
    const { accessToken } = (await res.json()) as AuthAnswer;
    const change = (oldPassword: string) =>
      api.fetch('/api/auth/password', {
        method: 'POST',
        headers: bearer(accessToken),
        body: JSON.stringify({ oldPassword, newPassword: 'second-pass', confirmPassword: 'second-pass' }),
      });
    const guesses = await Promise.all(Array.from({ length: 8 }, () => change('wrong-guess')));
    expect(guesses.filter((r) => r.status === 400)).toHaveLength(5);
    expect(guesses.filter((r) => r.status === 429)).toHaveLength(3);
    expect((await change('first-pass')).status).toBe(429);
  });
});

describe(`sign-in throttle per client address on ${runtime}`, { timeout: 60_000 }, () => {
  const { api: limited } = useApi({}, { env: { LOGIN_CLIENT_FREE_ATTEMPTS: '4', LOGIN_DELAY_BASE_SECONDS: String(base) } });

  it('slows one address spraying guesses over many emails', async () => {
    for (let i = 0; i < 4; i++) expect((await login(limited, `person${i}@example.test`, 'wrong-guess')).status).toBe(401);
    const fifth = await login(limited, 'person9@example.test', 'wrong-guess');
    expect(fifth.status).toBe(429);
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(base - 60);
  });
});
