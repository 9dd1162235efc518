/**
 * Password hashes made with the earlier scrypt parameters (N=2^16, p=2) still sign in, and
 * the sign-in replaces them with today's (docs/decisions/0015-sign-in-cpu-budget.md).
 */
import { describe, expect, it } from 'vitest';
import { currentParameters, hashPassword, previousParameters } from '../src/auth/password.ts';
import { useApi } from './support/app.ts';
import { login } from './support/auth-client.ts';

const { api } = useApi();

const storedHash = async (email: string) =>
  (await api.sql<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = ?', email))[0]!.password_hash;

describe('password hashes of earlier parameters', () => {
  it('verify, and are rehashed with the current parameters at sign-in', async () => {
    const old = await hashPassword('an-older-pass', previousParameters);
    expect(old.startsWith('scrypt$65536$8$2$')).toBe(true);
    await api.sql(
      "INSERT INTO users (id, email, name, role, password_hash, created_at) VALUES ('old-hash-user', 'old@example.test', 'Old Hash', 'user', ?, '2026-01-01T00:00:00.000Z')",
      old,
    );
    expect((await login(api, 'old@example.test', 'wrong-pass')).status).toBe(401);
    expect(await storedHash('old@example.test')).toBe(old);

    expect((await login(api, 'old@example.test', 'an-older-pass')).status).toBe(200);
    const { N, r, p } = currentParameters;
    const rehashed = await storedHash('old@example.test');
    expect(rehashed.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
    expect((await login(api, 'old@example.test', 'an-older-pass')).status).toBe(200);
    expect(await storedHash('old@example.test')).toBe(rehashed);
  });
});
