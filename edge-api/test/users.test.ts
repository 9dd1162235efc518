import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { runtime } from './support/target.ts';
import { createTestUser } from './support/users.ts';

const { api, user, other, admin } = useApi({
  user: { role: 'user', email: 'Mixed.Case@Example.test', name: 'Mixed Case' },
  other: 'user',
  admin: 'admin',
});

describe(`roles and profiles on ${runtime}`, () => {
  it("answers a user's own role, matching the email case-insensitively", async () => {
    const res = await api.fetch('/api/users/role?email=mixed.case%40example.TEST', { headers: user.headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ role: 'user' });
  });

  it("lets an admin read anyone's role, 'user' for someone without an account", async () => {
    expect(await (await api.fetch(`/api/users/role?email=${encodeURIComponent(other.email)}`, { headers: admin.headers })).json()).toEqual({ role: 'user' });
    expect(await (await api.fetch(`/api/users/role?email=${encodeURIComponent(admin.email)}`, { headers: admin.headers })).json()).toEqual({ role: 'admin' });
    expect(await (await api.fetch('/api/users/role?email=nobody%40example.test', { headers: admin.headers })).json()).toEqual({ role: 'user' });
  });

  it("refuses another user's role and profile with 403", async () => {
    const role = await api.fetch(`/api/users/role?email=${encodeURIComponent(user.email)}`, { headers: other.headers });
    expect(role.status).toBe(403);
    const profile = await api.fetch(`/api/users/${encodeURIComponent(user.email)}`, { headers: other.headers });
    expect(profile.status).toBe(403);
    expect(await profile.json()).toMatchObject({ error: 'forbidden' });
  });

  it('needs sign-in and an email', async () => {
    expect((await api.fetch('/api/users/role?email=a%40b.test')).status).toBe(401);
    const missing = await api.fetch('/api/users/role', { headers: user.headers });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: 'Email is required' });
  });

  it('shows a profile with the fields the spec names, not cached', async () => {
    const res = await api.fetch(`/api/users/${encodeURIComponent('MIXED.case@example.test')}`, { headers: user.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      id: user.id,
      name: 'Mixed Case',
      email: user.email,
      photoURL: null,
      phone: null,
      // Issue 50: no proven number, SMS not turned off, a real email.
      phoneVerified: false,
      smsOptOut: false,
      hasEmail: true,
      role: 'user',
      created_at: expect.any(String),
      last_log_in: null,
      lastLogin: null,
    });
    const missing = await api.fetch('/api/users/ghost%40example.test', { headers: admin.headers });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not_found', message: 'User not found' });
  });
});

describe(`POST /users (own profile upsert) on ${runtime}`, () => {
  it('records the sign-in and the name, and never takes a role from the body', async () => {
    const res = await api.fetch('/api/users', {
      method: 'POST',
      headers: user.headers,
      body: JSON.stringify({ name: 'New Name', email: user.email, role: 'admin', created_at: '2000-01-01', last_log_in: '2000-01-01' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { role: string; name: string; lastLogin: string };
    expect(body).toMatchObject({ role: 'user', name: 'New Name' });
    expect(Date.parse(body.lastLogin)).toBeGreaterThan(Date.parse('2020-01-01'));
    const [row] = await api.sql<{ role: string }>('SELECT role FROM users WHERE id = ?', user.id);
    expect(row?.role).toBe('user');
  });

  it("refuses to write someone else's profile", async () => {
    const res = await api.fetch('/api/users', { method: 'POST', headers: other.headers, body: JSON.stringify({ email: user.email, name: 'Hijacked' }) });
    expect(res.status).toBe(403);
    const [row] = await api.sql<{ name: string }>('SELECT name FROM users WHERE id = ?', user.id);
    expect(row?.name).toBe('New Name');
  });
});

describe(`PUT /make-admin on ${runtime}`, () => {
  it('promotes by email and records who promoted whom', async () => {
    const target = await createTestUser(api, 'agent');
    const res = await api.fetch('/api/make-admin', { method: 'PUT', headers: admin.headers, body: JSON.stringify({ email: target.email.toUpperCase() }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'User is now an admin' });
    expect(await (await api.fetch(`/api/users/role?email=${encodeURIComponent(target.email)}`, { headers: target.headers })).json()).toEqual({ role: 'admin' });
    const audit = await api.sql('SELECT actor_id, actor_email, action, entity, entity_id, from_value, to_value FROM audit_log WHERE entity_id = ?', target.id);
    expect(audit).toEqual([
      { actor_id: admin.id, actor_email: admin.email, action: 'role.change', entity: 'users', entity_id: target.id, from_value: 'agent', to_value: 'admin' },
    ]);
    // The promoted admin can use admin endpoints on their next request.
    expect((await api.fetch('/api/agents/all', { headers: target.headers })).status).toBe(200);
  });

  it("answers 404 'User not found' for an email without an account", async () => {
    const res = await api.fetch('/api/make-admin', { method: 'PUT', headers: admin.headers, body: JSON.stringify({ email: 'nobody@example.test' }) });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'User not found' });
  });

  it('validates the email', async () => {
    const res = await api.fetch('/api/make-admin', { method: 'PUT', headers: admin.headers, body: JSON.stringify({ email: 'nope' }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Please enter a valid email address' });
  });

  it('refuses users and agents with 403 and changes nothing', async () => {
    const agent = await createTestUser(api, 'agent');
    for (const caller of [user, agent]) {
      const res = await api.fetch('/api/make-admin', { method: 'PUT', headers: caller.headers, body: JSON.stringify({ email: caller.email }) });
      expect(res.status).toBe(403);
    }
    const rows = await api.sql<{ role: string }>('SELECT role FROM users WHERE id IN (?, ?) ORDER BY role', user.id, agent.id);
    expect(rows.map((row) => row.role)).toEqual(['agent', 'user']);
    expect((await api.fetch('/api/make-admin', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"email":"a@b.test"}' })).status).toBe(401);
  });
});
