import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { runtime } from './support/target.ts';
import { createTestUser, type TestUser } from './support/users.ts';

const { api, admin } = useApi({ admin: 'admin' });

const details = { name: 'Sumi Akter', phone: '+8801711000000', nid: '1990123456789', district: 'Sylhet' };
const ask = (user: TestUser, body: object = details) =>
  api.fetch('/api/agents', { method: 'POST', headers: user.headers, body: JSON.stringify(body) });
const decide = (id: string, status: string, caller = admin) =>
  api.fetch(`/api/agents/${id}/status`, { method: 'PATCH', headers: caller.headers, body: JSON.stringify({ status }) });
const roleOf = async (user: TestUser) =>
  ((await (await api.fetch(`/api/users/role?email=${encodeURIComponent(user.email)}`, { headers: admin.headers })).json()) as { role: string }).role;

interface AgentRequest {
  id: string;
  email: string;
  status: string;
  createdAt: string;
}

describe(`asking to become an agent on ${runtime}`, () => {
  it('takes the email from the session and allows one open request', async () => {
    const user = await createTestUser(api);
    const res = await ask(user, { ...details, email: 'someone-else@example.test' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { message: string; request: AgentRequest };
    expect(body.message).toBe('Your request to become an agent has been submitted.');
    expect(body.request).toMatchObject({ ...details, email: user.email, status: 'pending' });

    const again = await ask(user);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'conflict', message: 'You already have an agent request waiting for review.' });
  });

  it("validates each field with the spec's message", async () => {
    const user = await createTestUser(api);
    for (const [field, message] of [
      ['name', 'Name is required'],
      ['phone', 'Phone is required'],
      ['nid', 'NID is required'],
      ['district', 'District is required'],
    ] as const) {
      const res = await ask(user, { ...details, [field]: '  ' });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message, fields: { [field]: message } });
    }
    expect(await api.sql('SELECT id FROM agent_requests WHERE user_id = ?', user.id)).toEqual([]);
  });

  it('needs sign-in, and an agent cannot ask again', async () => {
    const visitor = await api.fetch('/api/agents', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(details) });
    expect(visitor.status).toBe(401);
    const agent = await createTestUser(api, 'agent');
    const res = await ask(agent);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: 'You are already an agent.' });
  });
});

describe(`deciding agent requests on ${runtime}`, () => {
  it('lists the requests for admins, newest first', async () => {
    await api.sql('DELETE FROM agent_requests');
    const first = await createTestUser(api);
    const second = await createTestUser(api);
    await ask(first);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ask(second);
    const res = await api.fetch('/api/agents/all', { headers: admin.headers });
    expect(res.status).toBe(200);
    const list = (await res.json()) as AgentRequest[];
    expect(list.map((r) => r.email)).toEqual([second.email, first.email]);
  });

  it('approving makes the user an agent; disapproving returns them to user; both are audited', async () => {
    const user = await createTestUser(api);
    const { request } = (await (await ask(user)).json()) as { request: AgentRequest };

    const approved = await decide(request.id, 'Approved');
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ success: true, request: { id: request.id, status: 'approved' } });
    expect(await roleOf(user)).toBe('agent');
    // The new agent is listed publicly at once.
    const publicAgents = (await (await api.fetch('/api/agents')).json()) as { email: string }[];
    expect(publicAgents.map((a) => a.email)).toContain(user.email);

    const twice = await decide(request.id, 'approved');
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ message: 'This request is already approved.' });

    const disapproved = await decide(request.id, 'disapproved');
    expect(disapproved.status).toBe(200);
    expect(await roleOf(user)).toBe('user');

    const audit = await api.sql<{ action: string; entity_id: string; from_value: string; to_value: string; actor_id: string }>(
      'SELECT action, entity_id, from_value, to_value, actor_id FROM audit_log WHERE entity_id IN (?, ?) ORDER BY id',
      request.id,
      user.id,
    );
    expect(audit).toEqual([
      { action: 'agent_request.status', entity_id: request.id, from_value: 'pending', to_value: 'approved', actor_id: admin.id },
      { action: 'role.change', entity_id: user.id, from_value: 'user', to_value: 'agent', actor_id: admin.id },
      { action: 'agent_request.status', entity_id: request.id, from_value: 'approved', to_value: 'disapproved', actor_id: admin.id },
      { action: 'role.change', entity_id: user.id, from_value: 'agent', to_value: 'user', actor_id: admin.id },
    ]);
  });

  it('disapproving a pending request changes no role', async () => {
    const user = await createTestUser(api);
    const { request } = (await (await ask(user)).json()) as { request: AgentRequest };
    expect((await decide(request.id, 'disapproved')).status).toBe(200);
    expect(await roleOf(user)).toBe('user');
    // A disapproved user may ask again.
    expect((await ask(user)).status).toBe(201);
  });

  it('never demotes an admin through an old request', async () => {
    const user = await createTestUser(api);
    const { request } = (await (await ask(user)).json()) as { request: AgentRequest };
    await api.sql("UPDATE users SET role = 'admin' WHERE id = ?", user.id);
    expect((await decide(request.id, 'approved')).status).toBe(200);
    expect((await decide(request.id, 'disapproved')).status).toBe(200);
    expect(await roleOf(user)).toBe('admin');
  });

  it('validates the status and answers 404 for an unknown request', async () => {
    const bad = await decide('whatever', 'maybe');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Status must be approved or disapproved' });
    const missing = await decide('no-such-request', 'approved');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not_found', message: 'Agent request not found' });
  });

  it('deletes a request (admins only), audited', async () => {
    const user = await createTestUser(api);
    const { request } = (await (await ask(user)).json()) as { request: AgentRequest };
    const byUser = await api.fetch(`/api/agents/${request.id}`, { method: 'DELETE', headers: user.headers });
    expect(byUser.status).toBe(403);
    const res = await api.fetch(`/api/agents/${request.id}`, { method: 'DELETE', headers: admin.headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: 'The agent request was deleted.' });
    expect((await api.fetch(`/api/agents/${request.id}`, { method: 'DELETE', headers: admin.headers })).status).toBe(404);
    expect(await api.sql("SELECT action FROM audit_log WHERE entity_id = ? AND action = 'agent_request.delete'", request.id)).toHaveLength(1);
  });

  it('refuses users and agents on the admin endpoints', async () => {
    const user = await createTestUser(api);
    const agent = await createTestUser(api, 'agent');
    const { request } = (await (await ask(user)).json()) as { request: AgentRequest };
    for (const caller of [user, agent]) {
      expect((await api.fetch('/api/agents/all', { headers: caller.headers })).status).toBe(403);
      expect((await decide(request.id, 'approved', caller)).status).toBe(403);
    }
    expect(await roleOf(user)).toBe('user');
    const [row] = await api.sql<{ status: string }>('SELECT status FROM agent_requests WHERE id = ?', request.id);
    expect(row?.status).toBe('pending');
  });
});
