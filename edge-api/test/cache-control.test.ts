/**
 * What caches may keep (docs/decisions/0006): public reads may be stored but are revalidated
 * before use; anything private, any answer that carries a token, and errors are never stored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { policyRow } from '../src/seed/factories.ts';
import { useApi } from './support/app.ts';
import { insertRow } from './support/rows.ts';
import { runtime } from './support/target.ts';

const { api, user } = useApi({ user: 'user' });

beforeAll(async () => {
  await insertRow(api, 'policies', policyRow({ id: 'cache-plan' }));
});

describe(`Cache-Control on ${runtime}`, () => {
  it('lets any cache keep public reads, revalidated before use', async () => {
    for (const path of ['/api/policies', '/api/policies/6', '/api/policies/cache-plan', '/api/blogs', '/api/agents', '/api/faqs', '/api/client-config']) {
      const res = await api.fetch(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=0, must-revalidate');
    }
  });

  it('keeps private answers, token answers and errors out of every cache', async () => {
    const register = new FormData();
    register.set('name', 'Cache Tester');
    register.set('email', `cache-${Date.now()}@example.test`);
    register.set('password', 'cache-pass-1');
    const answers = {
      'GET /api/auth/me': await api.fetch('/api/auth/me', { headers: user.headers }),
      'GET /api/applications': await api.fetch(`/api/applications?email=${encodeURIComponent(user.email)}`, { headers: user.headers }),
      'GET /api/sync': await api.fetch('/api/sync?since=0', { headers: user.headers }),
      'POST /api/auth/register': await api.fetch('/api/auth/register', { method: 'POST', body: register }),
      'GET /api/policies/missing (404)': await api.fetch('/api/policies/missing'),
      'GET /api/no-such-endpoint (404)': await api.fetch('/api/no-such-endpoint'),
      'GET /api/auth/me without a token (401)': await api.fetch('/api/auth/me'),
    };
    expect(answers['POST /api/auth/register'].status).toBe(201);
    expect(((await answers['POST /api/auth/register'].json()) as { accessToken?: string }).accessToken).toBeTruthy();
    for (const [what, res] of Object.entries(answers)) {
      expect(res.headers.get('cache-control'), what).toBe('no-store');
    }
  });
});
