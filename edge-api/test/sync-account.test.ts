/**
 * The pull carries the signed-in account (role above all), so the app follows a role an admin
 * changed from its pulls alone, with no GET /auth/me of its own; and a pull with nothing new
 * stays small, since a returning visit pays for it every time.
 */
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { call } from './support/calls.ts';
import { pullEverything, pullPage } from './support/sync-pulls.ts';
import { runtime } from './support/target.ts';

const { api, customer } = useApi({ customer: { role: 'user', name: 'Rahima Khatun' } });

describe(`the account in a pull on ${runtime}`, () => {
  it('is the account GET /auth/me describes, for a signed-in caller only', async () => {
    const page = (await pullPage(api, customer, '0')) as Awaited<ReturnType<typeof pullPage>> & { account?: unknown };
    const me = (await call(api, 'GET', '/api/auth/me', customer)).body;
    expect(page.account).toEqual({ id: me.id, email: me.email, name: me.name, role: me.role, photoURL: me.photoURL, language: null });
    expect(page.account).toMatchObject({ id: customer.id, role: 'user', name: 'Rahima Khatun' });
    const visitor = (await pullPage(api, null, '0')) as Awaited<ReturnType<typeof pullPage>> & { account?: unknown };
    expect(visitor.account).toBeUndefined();
  });

  it('follows a role an admin changed, on the very next pull', async () => {
    const { cursor } = await pullEverything(api, customer);
    await api.sql(`UPDATE users SET role = 'agent' WHERE id = ?`, customer.id);
    const next = (await pullPage(api, customer, cursor)) as Awaited<ReturnType<typeof pullPage>> & { account?: { role: string } };
    expect(next.account?.role).toBe('agent');
    await api.sql(`UPDATE users SET role = 'user' WHERE id = ?`, customer.id);
  });

  it('is small when nothing changed: a few hundred bytes of body, the API\'s short headers', async () => {
    const { cursor } = await pullEverything(api, customer);
    const res = await api.fetch(`/api/sync?since=${encodeURIComponent(cursor)}`, { headers: { authorization: `Bearer ${customer.token}` } });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(JSON.parse(body).hasMore).toBe(false);
    expect(new TextEncoder().encode(body).length).toBeLessThan(600);
    let headerBytes = 0;
    res.headers.forEach((value, name) => (headerBytes += name.length + value.length + 4));
    expect(headerBytes).toBeLessThan(600);
  });
});
