/**
 * The app's outer layer (app.ts: the log line, the gate, the security headers, the private cache rule) runs
 * around the first handler a request matches (http/outer-layer-router.ts, decision 0122), and from the
 * not-found handler for a request that matches no route: such a request still meets the gate first and still
 * gets every header.
 */
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { runtime } from './support/target.ts';

const { api, user } = useApi({ user: 'user' });

describe(`the outer layer on ${runtime}`, () => {
  it('answers a path no route matches with 404, the security headers, no-store and the request id', async () => {
    const res = await api.fetch('/api/no-such-endpoint', { headers: { 'x-request-id': 'outer-layer-probe-1' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'No such endpoint: GET /api/no-such-endpoint' });
    expect(res.headers.get('x-request-id')).toBe('outer-layer-probe-1');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBeTruthy();
  });

  it('meets a path no route matches with the gate first: a bad token is 401, a good one reaches the 404', async () => {
    const refused = await api.fetch('/api/no-such-endpoint', { headers: { authorization: 'Bearer not-a-token' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    const signedIn = await api.fetch('/api/no-such-endpoint', { headers: user.headers });
    expect(signedIn.status).toBe(404);
  });

  it('gives a route with several handlers (a validator before the handler) its refusal with every header', async () => {
    const res = await api.fetch('/api/applications', {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json', 'x-request-id': 'outer-layer-probe-2' },
      body: JSON.stringify({ policyId: 42 }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-request-id')).toBe('outer-layer-probe-2');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
