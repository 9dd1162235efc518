/**
 * Issue 29, point 7: every subscription gets its own unguessable unsubscribe link, which works
 * without signing in, once; an unknown or cut-short token is refused clearly, a used one says so.
 */
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { call } from './support/calls.ts';
import { runtime } from './support/target.ts';

const { api } = useApi();

const subscribe = (name: string, email: string) => call(api, 'POST', '/api/subscribe', null, { name, email });
const tokenOf = (url: string) => url.split('/').pop()!;

describe(`newsletter unsubscribe links on ${runtime}`, () => {
  it('gives each subscription its own link, which unsubscribes once without signing in', async () => {
    const first = await subscribe('Rahima', 'rahima@example.test');
    const second = await subscribe('Karim', 'karim@example.test');
    expect(first.status).toBe(201);
    const token = tokenOf(first.body.unsubscribeUrl);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenOf(second.body.unsubscribeUrl)).not.toBe(token);
    // Only the token's hash is kept.
    const stored = await api.sql<{ unsubscribe_token_hash: string }>("SELECT unsubscribe_token_hash FROM newsletter_subscribers WHERE email = 'rahima@example.test'");
    expect(stored[0]!.unsubscribe_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.unsubscribe_token_hash).not.toContain(token);

    const before = await call(api, 'GET', `/api/unsubscribe/${token}`);
    expect(before).toMatchObject({ status: 200, body: { email: 'r***@example.test', unsubscribed: false } });

    const done = await call(api, 'POST', `/api/unsubscribe/${token}`);
    expect(done).toMatchObject({ status: 200, body: { email: 'r***@example.test', unsubscribed: true, already: false } });
    const rows = await api.sql<{ email: string; unsubscribed_at: string | null }>('SELECT email, unsubscribed_at FROM newsletter_subscribers ORDER BY email');
    expect(rows.map((row) => [row.email, row.unsubscribed_at !== null])).toEqual([['karim@example.test', false], ['rahima@example.test', true]]);
  });

  it('answers a used link that it was already used, and a new subscription gets a new link', async () => {
    const { body } = await subscribe('Nusrat', 'nusrat@example.test');
    const token = tokenOf(body.unsubscribeUrl);
    await call(api, 'POST', `/api/unsubscribe/${token}`);
    const again = await call(api, 'POST', `/api/unsubscribe/${token}`);
    expect(again).toMatchObject({ status: 200, body: { unsubscribed: true, already: true, message: 'This link was already used: this email is not subscribed.' } });
    expect((await call(api, 'GET', `/api/unsubscribe/${token}`)).body).toMatchObject({ unsubscribed: true });

    // Subscribing again works, with a new link; the old one no longer names the subscription.
    const back = await subscribe('Nusrat', 'NUSRAT@example.test');
    expect(back.status).toBe(201);
    const newToken = tokenOf(back.body.unsubscribeUrl);
    expect(newToken).not.toBe(token);
    expect((await call(api, 'GET', `/api/unsubscribe/${newToken}`)).body).toMatchObject({ unsubscribed: false });
    expect((await call(api, 'GET', `/api/unsubscribe/${token}`)).status).toBe(404);
    // Still subscribed: a second sign-up is the old conflict.
    expect((await subscribe('Nusrat', 'nusrat@example.test')).status).toBe(409);
  });

  it('refuses an unknown token with 404 and a malformed one with 400, each with a clear message', async () => {
    const unknown = 'A'.repeat(43);
    for (const method of ['GET', 'POST']) {
      const answer = await call(api, method, `/api/unsubscribe/${unknown}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ error: 'not_found', message: expect.stringContaining('This unsubscribe link is not valid') });
    }
    const short = await call(api, 'POST', '/api/unsubscribe/abc');
    expect(short).toMatchObject({ status: 400, body: { error: 'validation_failed', message: 'This unsubscribe link is not valid.' } });
  });
});
