/**
 * Make Admin's way back (issue 29): an admin lists the admins and returns another admin to
 * user or agent; the last admin cannot be demoted, by the server, even when the last two
 * admins demote each other at the same moment. Every change is in the audit log.
 */
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { call } from './support/calls.ts';
import { runtime } from './support/target.ts';
import { createTestUser } from './support/users.ts';

const { api, admin, customer } = useApi({ admin: { role: 'admin', name: 'Anika Admin' }, customer: 'user' });

const demote = (caller: Parameters<typeof call>[3], email: string, role: 'user' | 'agent') =>
  call(api, 'PUT', '/api/make-admin/demote', caller, { email, role });

const roleOf = async (email: string) => (await api.sql('SELECT role FROM users WHERE email = ?', email))[0]?.role;
const adminCount = async () => Number((await api.sql(`SELECT count(*) AS n FROM users WHERE role = 'admin'`))[0]?.n);

describe(`demoting admins on ${runtime}`, () => {
  it('lists the current admins by name, to admins only', async () => {
    const other = await createTestUser(api, 'admin', { name: 'Babul Admin' });
    const res = await call(api, 'GET', '/api/make-admin/admins', admin);
    expect(res.status).toBe(200);
    const emails = res.body.items.map((item: { email: string }) => item.email);
    expect(emails).toContain(admin.email);
    expect(emails).toContain(other.email);
    expect(res.body.items.find((item: { email: string }) => item.email === other.email)).toMatchObject({ name: 'Babul Admin' });
    expect((await call(api, 'GET', '/api/make-admin/admins', customer)).status).toBe(403);
    expect((await call(api, 'GET', '/api/make-admin/admins', null)).status).toBe(401);
    await demote(admin, other.email, 'user');
  });

  it('returns another admin to user or agent, recording each change', async () => {
    const other = await createTestUser(api, 'user');
    expect((await call(api, 'PUT', '/api/make-admin', admin, { email: other.email })).status).toBe(200);
    expect(await roleOf(other.email)).toBe('admin');

    const toAgent = await demote(admin, other.email, 'agent');
    expect(toAgent.status, JSON.stringify(toAgent.body)).toBe(200);
    expect(await roleOf(other.email)).toBe('agent');
    const notAdmin = await demote(admin, other.email, 'user');
    expect(notAdmin.status).toBe(409);
    expect(notAdmin.body.message).toBe('This person is not an admin.');

    const audit = await api.sql(
      `SELECT actor_email, from_value, to_value FROM audit_log WHERE action = 'role.change' AND entity_id = ? ORDER BY id`,
      other.id,
    );
    expect(audit).toEqual([
      { actor_email: admin.email, from_value: 'user', to_value: 'admin' },
      { actor_email: admin.email, from_value: 'admin', to_value: 'agent' },
    ]);
    expect((await demote(admin, 'nobody@nowhere.test', 'user')).status).toBe(404);
    expect((await demote(customer, admin.email, 'user')).status).toBe(403);
    const bad = await call(api, 'PUT', '/api/make-admin/demote', admin, { email: other.email, role: 'admin' });
    expect(bad.status).toBe(400);
  });

  it('never demotes the last admin, nor an admin themself', async () => {
    expect(await adminCount()).toBe(1);
    const self = await demote(admin, admin.email, 'user');
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('You cannot demote yourself. Ask another admin to do it.');
    expect(await roleOf(admin.email)).toBe('admin');
  });

  it('keeps one admin when the last two demote each other at once', async () => {
    for (let round = 0; round < 5; round++) {
      const second = await createTestUser(api, 'admin');
      const demotions = async () => Number((await api.sql(`SELECT count(*) AS n FROM audit_log WHERE action = 'role.change' AND to_value = 'user'`))[0]?.n);
      const before = await demotions();
      expect(await adminCount()).toBe(2);
      const [first, other] = await Promise.all([demote(admin, second.email, 'user'), demote(second, admin.email, 'user')]);
      const statuses = [first.status, other.status];
      // Exactly one wins. The other is refused: as the last admin (409), or, when the winner's
      // change landed before its request was authorized, as no admin any more (403).
      expect(statuses.filter((status) => status === 200), JSON.stringify([first.body, other.body])).toHaveLength(1);
      const refused = first.status === 200 ? other : first;
      expect([403, 409]).toContain(refused.status);
      if (refused.status === 409) expect(refused.body.message).toMatch(/last admin|not an admin/);
      expect(await adminCount()).toBe(1);
      expect(await demotions()).toBe(before + 1);
      // Whoever is left is the admin for the next round.
      if ((await roleOf(admin.email)) !== 'admin') {
        await api.sql(`UPDATE users SET role = 'admin' WHERE id = ?`, admin.id);
        await api.sql(`UPDATE users SET role = 'user' WHERE id = ?`, second.id);
      }
    }
  });
});
