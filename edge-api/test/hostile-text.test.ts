/**
 * Hostile names and free text (issue 24, finding 6; schemas/text.ts): control and bidirectional
 * characters are removed, text is stored in NFC, and a name with nothing visible left is refused
 * with the spec's message, wherever the API takes text that others will read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from './support/auth-client.ts';
import { applicationBody, call, insertPolicy } from './support/calls.ts';
import { runtime, startApi, type ApiTarget } from './support/target.ts';
import { createTestUser } from './support/users.ts';

// Written as escapes on purpose: the characters themselves would not show in this file.
const rlo = '\u202E'; // right-to-left override: makes "Rahim" render as "mihaR"
const isolate = '\u2066'; // left-to-right isolate
const nul = '\u0000';
const bel = '\u0007';
const zwsp = '\u200B';
const decomposed = 'Jose\u0301'; // 'José' as e + combining acute (NFD)
const composed = 'Jos\u00E9';

describe(`hostile text on ${runtime}`, { timeout: 60_000 }, () => {
  let api: ApiTarget;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('cleans a registered name, and refuses one with nothing visible in it', async () => {
    const res = await register(api, { name: `${rlo}${decomposed}${nul}${bel} Uddin`, email: 'hostile@example.test', password: 'secret-1' });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { user: { name: string } }).user.name).toBe(`${composed} Uddin`);

    for (const name of [zwsp, `${rlo}${isolate}`, ` ${nul} \u2800 `]) {
      const refused = await register(api, { name, email: `blank${name.length}@example.test`, password: 'secret-1' });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ message: 'Name is required', fields: { name: 'Name is required' } });
    }
  });

  it('cleans profile names and refuses invisible ones', async () => {
    const user = await createTestUser(api);
    const patched = await call(api, 'PATCH', '/api/auth/me', user, { name: `Ka${rlo}rim${bel}` });
    expect(patched.status).toBe(200);
    expect((await api.sql<{ name: string }>('SELECT name FROM users WHERE id = ?', user.id))[0]?.name).toBe('Karim');
    expect((await call(api, 'PATCH', '/api/auth/me', user, { name: zwsp })).body).toMatchObject({ message: 'Name is required' });
    expect((await call(api, 'POST', '/api/users', user, { email: user.email, name: `${zwsp} ` })).body).toMatchObject({ message: 'Name is required' });
  });

  it('cleans every text of an application, and refuses an invisible applicant or nominee', async () => {
    const customer = await createTestUser(api);
    const policy = await insertPolicy(api);
    const created = await call(api, 'POST', '/api/applications', customer, applicationBody(policy.id, {
      name: `${rlo}${decomposed}`,
      address: `12 Lake${nul} Road,\nDhaka${isolate}`,
      nomineeName: `Karima${bel}`,
      relationship: `Spouse\u200F`,
    }));
    expect(created.status).toBe(201);
    expect(created.body.application).toMatchObject({ name: composed, address: '12 Lake Road, Dhaka', nomineeName: 'Karima', relationship: 'Spouse' });

    const invisible = await call(api, 'POST', '/api/applications', customer, applicationBody(policy.id, { name: zwsp, nomineeName: `${rlo}` }));
    expect(invisible.status).toBe(400);
    expect(invisible.body.fields).toMatchObject({ name: 'Name is required', nomineeName: 'Nominee name is required' });
  });

  it('cleans agent requests, newsletter names and blog posts (keeping a post’s lines)', async () => {
    const user = await createTestUser(api);
    const agentRequest = await call(api, 'POST', '/api/agents', user, { name: `${rlo}Agent${nul}`, phone: '+8801700000009', nid: '1234567890', district: `Dhaka${bel}` });
    expect(agentRequest.status).toBe(201);
    expect((await api.sql<{ name: string; district: string }>('SELECT name, district FROM agent_requests WHERE user_id = ?', user.id))[0]).toMatchObject({ name: 'Agent', district: 'Dhaka' });

    expect((await call(api, 'POST', '/api/subscribe', null, { name: zwsp, email: 'reader@example.test' })).body).toMatchObject({ message: 'Name is required' });

    const admin = await createTestUser(api, 'admin');
    const blog = await call(api, 'POST', '/api/blogs', admin, { title: `${rlo}News${bel}`, content: `First line${nul}\n\tSecond ${isolate}line` });
    expect(blog.status).toBe(201);
    const [stored] = await api.sql<{ title: string; content: string }>('SELECT title, content FROM blogs WHERE author_email = ?', admin.email);
    expect(stored).toEqual({ title: 'News', content: 'First line\n\tSecond line' });
    expect((await call(api, 'POST', '/api/blogs', admin, { title: 'Empty', content: `${zwsp}\n${rlo}` })).body).toMatchObject({ message: 'Content is required' });
  });
});
