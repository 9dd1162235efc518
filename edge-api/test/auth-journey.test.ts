/**
 * The done-when journey, through HTTP only: a visitor registers with a picture, signs
 * in, sees the profile, changes the password and asks to become an agent; an admin approves;
 * the user is now an agent. And a user calling any admin endpoint gets 403, changing nothing.
 */
import { describe, expect, it } from 'vitest';
import { accessTable, type RouteKey } from '../src/auth/access-table.ts';
import { policyRow } from '../src/seed/factories.ts';
import { useApi } from './support/app.ts';
import { bearer, login, refresh, refreshCookie, register, tinyPng, type AuthAnswer } from './support/auth-client.ts';
import { insertRow } from './support/rows.ts';
import { runtime } from './support/target.ts';
import { createTestUser } from './support/users.ts';

const { api } = useApi();

describe(`the identity journey on ${runtime}`, () => {
  it('register with a picture → sign in → profile → change password → ask to be an agent → admin approves → agent', async () => {
    // A visitor registers with a picture.
    const registered = await register(api, {
      name: 'Farhana Haque',
      email: 'farhana@example.test',
      password: 'first-secret',
      photo: new Blob([tinyPng], { type: 'image/png' }),
    });
    expect(registered.status).toBe(201);
    const photoURL = ((await registered.json()) as AuthAnswer).user.photoURL!;
    expect((await api.fetch(photoURL)).headers.get('content-type')).toBe('image/png');

    // Signs in.
    const signedIn = await login(api, 'farhana@example.test', 'first-secret');
    expect(signedIn.status).toBe(200);
    let session = (await signedIn.json()) as AuthAnswer;
    expect(refreshCookie(signedIn)).not.toBeNull();

    // Sees the profile.
    const profile = await api.fetch('/api/users/farhana%40example.test', { headers: bearer(session.accessToken) });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ name: 'Farhana Haque', email: 'farhana@example.test', photoURL, role: 'user', lastLogin: expect.any(String) });

    // Changes the password.
    const changed = await api.fetch('/api/auth/password', {
      method: 'POST',
      headers: bearer(session.accessToken),
      body: JSON.stringify({ oldPassword: 'first-secret', newPassword: 'second-secret', confirmPassword: 'second-secret' }),
    });
    expect(changed.status).toBe(200);
    session = (await changed.json()) as AuthAnswer;
    // The password change ended the earlier sign-in and started a new one (new cookie).
    const cookie = refreshCookie(changed);
    expect((await login(api, 'farhana@example.test', 'first-secret')).status).toBe(401);

    // Asks to become an agent.
    const asked = await api.fetch('/api/agents', {
      method: 'POST',
      headers: bearer(session.accessToken),
      body: JSON.stringify({ name: 'Farhana Haque', phone: '+8801811000000', nid: '1987654321', district: 'Khulna' }),
    });
    expect(asked.status).toBe(201);

    // An admin finds the request and approves it.
    const admin = await createTestUser(api, 'admin');
    const requests = (await (await api.fetch('/api/agents/all', { headers: admin.headers })).json()) as { id: string; email: string; status: string }[];
    const request = requests.find((r) => r.email === 'farhana@example.test');
    expect(request?.status).toBe('pending');
    const approved = await api.fetch(`/api/agents/${request!.id}/status`, { method: 'PATCH', headers: admin.headers, body: JSON.stringify({ status: 'approved' }) });
    expect(approved.status).toBe(200);

    // The user is now an agent: by the role endpoint, and in the next refreshed session.
    const role = await api.fetch('/api/users/role?email=farhana%40example.test', { headers: bearer(session.accessToken) });
    expect(await role.json()).toEqual({ role: 'agent' });
    const renewed = await refresh(api, cookie);
    expect(renewed.status).toBe(200);
    expect(((await renewed.json()) as AuthAnswer).user.role).toBe('agent');
    const agents = (await (await api.fetch('/api/agents')).json()) as { email: string }[];
    expect(agents.map((a) => a.email)).toContain('farhana@example.test');
  }, 90_000); // six scrypt runs at production cost, on two shared cores
});

describe(`a user calling admin endpoints on ${runtime}`, () => {
  it('gets 403 on every admin-only endpoint, and nothing changes', async () => {
    const user = await createTestUser(api, 'user');
    const agent = await createTestUser(api, 'agent');
    const policy = policyRow({ id: 'journey-policy' });
    await insertRow(api, 'policies', policy);
    await api.sql(
      `INSERT INTO applications (id, user_id, user_email, name, address, nid, nominee_name, relationship, policy_id, policy_name, applied_at)
       VALUES ('journey-application', ?, ?, 'Applicant', 'Dhaka', '123', 'Nominee', 'Spouse', ?, ?, ?)`,
      user.id,
      user.email,
      policy.id,
      policy.title,
      new Date().toISOString(),
    );
    const asked = await api.fetch('/api/agents', {
      method: 'POST',
      headers: user.headers,
      body: JSON.stringify({ name: 'Wants In', phone: '+8801900000000', nid: '55555', district: 'Rajshahi' }),
    });
    const requestId = ((await asked.json()) as { request: { id: string } }).request.id;

    // Real ids and bodies that would change something if the server let them through.
    const idFor = (path: string) =>
      path.startsWith('/api/agents') ? requestId : path.startsWith('/api/policies') ? policy.id : path.startsWith('/api/applications') ? 'journey-application' : 'journey-missing';
    const bodies: Partial<Record<RouteKey, unknown>> = {
      'PUT /make-admin': { email: user.email },
      'PATCH /agents/:id/status': { status: 'approved' },
      'PATCH /applications/assign/:id': { agentEmail: agent.email },
      'PATCH /policies/:id': { title: 'Taken over' },
      'POST /policies': { ...policy, title: 'Sneaked in' },
    };
    const adminOnly = (Object.keys(accessTable) as RouteKey[]).filter((key) => {
      const { allow } = accessTable[key] as { allow: 'anyone' | readonly string[] };
      return allow !== 'anyone' && allow.length === 1 && allow[0] === 'admin';
    });
    expect(adminOnly).toContain('PUT /make-admin');

    const snapshot = async () => {
      const tables = ['users', 'agent_requests', 'policies', 'applications', 'blogs', 'payments', 'audit_log', 'images'];
      return Promise.all(tables.map((table) => api.sql(`SELECT * FROM ${table} ORDER BY rowid`)));
    };
    const before = await snapshot();
    for (const key of adminOnly) {
      const [method, pattern] = key.split(' ') as [string, string];
      const path = pattern.replace(/:[a-z]+/gi, idFor(pattern));
      const body = method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(bodies[key] ?? {});
      const res = await api.fetch(path, { method, headers: user.headers, body });
      // A route of the table that is not mounted yet answers 404 "No such endpoint"; every mounted one must say 403.
      if (res.status === 404) {
        expect(((await res.json()) as { message: string }).message, key).toMatch(/^No such endpoint/);
        continue;
      }
      expect(res.status, key).toBe(403);
      expect(await res.json(), key).toMatchObject({ error: 'forbidden' });
    }
    expect(await snapshot()).toEqual(before);
    expect(await (await api.fetch(`/api/users/role?email=${encodeURIComponent(user.email)}`, { headers: user.headers })).json()).toEqual({ role: 'user' });
  });
});
