/**
 * Test accounts made directly in the database, with access tokens signed by the same code
 * and secret as the server's. For tests of features other than sign-in itself.
 */
import { signAccessToken } from '../../src/auth/tokens.ts';
import { readConfig } from '../../src/http/config.ts';
import type { Role } from '../../src/db/schema.ts';
import type { ApiTarget } from './target.ts';
import { testJwtSecret } from './target.ts';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  token: string;
  /** Headers for an authenticated JSON request. */
  headers: Record<string, string>;
}

let counter = 0;

export async function createTestUser(
  api: ApiTarget,
  role: Role = 'user',
  overrides: { email?: string; name?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const id = crypto.randomUUID();
  const email = overrides.email ?? `${role}${counter}-${id.slice(0, 8)}@test.local`;
  const name = overrides.name ?? `Test ${role} ${counter}`;
  await api.sql(
    'INSERT INTO users (id, email, name, role, created_at) VALUES (?, ?, ?, ?, ?)',
    id,
    email,
    name,
    role,
    new Date().toISOString(),
  );
  const token = await signAccessToken(readConfig({ JWT_SECRET: testJwtSecret }), id, new Date());
  return {
    id,
    email,
    name,
    role,
    token,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  };
}
