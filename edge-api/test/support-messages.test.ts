/**
 * Issue 29, point 10: the contact form's message is stored for the admins' support inbox, with
 * the sender's account once signed in; sent from the outbox it is stored once; it is
 * rate-limited like the newsletter, and the sender is told what happens next.
 */
import { describe, expect, it } from 'vitest';
import { supportReply } from '../src/commands/support.ts';
import { useApi } from './support/app.ts';
import { call, expectAdminOnly } from './support/calls.ts';
import { runtime } from './support/target.ts';

const { api, admin, customer } = useApi({ admin: 'admin', customer: { role: 'user', email: 'mina@example.test', name: 'Mina Das' } }, { env: { RATE_LIMIT_SUPPORT: '4/3600' } });

const message = (overrides: Record<string, unknown> = {}) => ({ name: 'Visitor Vai', email: 'Visitor@Example.test', message: 'When is my\npolicy document sent?', ...overrides });

describe(`support messages on ${runtime}`, () => {
  it('stores a visitor\'s and a signed-in person\'s message, and shows both to admins, newest first', async () => {
    const visitor = await call(api, 'POST', '/api/support', null, message());
    expect(visitor).toMatchObject({ status: 201, body: { message: supportReply } });
    expect(supportReply).toContain('We will answer by email within 2 working days');
    const signedIn = await call(api, 'POST', '/api/support', customer, message({ name: 'Mina', email: 'mina.other@example.test', message: 'Please call me' }));
    expect(signedIn.status).toBe(201);

    const inbox = await call(api, 'GET', '/api/support', admin);
    expect(inbox.status).toBe(200);
    expect(inbox.body.total).toBe(2);
    expect(inbox.body.items).toEqual([
      expect.objectContaining({ name: 'Mina', email: 'mina.other@example.test', message: 'Please call me', account: { id: customer.id, email: 'mina@example.test', name: 'Mina Das' } }),
      expect.objectContaining({ name: 'Visitor Vai', email: 'visitor@example.test', message: 'When is my\npolicy document sent?', account: null }),
    ]);
    await expectAdminOnly(api, 'GET', '/api/support', customer);
  });

  it('refuses a message without its fields, saying which', async () => {
    const blank = await call(api, 'POST', '/api/support', null, message({ message: '  \u200b ' }));
    expect(blank.body).toMatchObject({ error: 'validation_failed', fields: { message: 'Message is required' } });
    expect((await call(api, 'POST', '/api/support', null, message({ email: 'nope' }))).body.fields).toMatchObject({ email: 'Please enter a valid email address' });
  });

  it('stores a message pushed from the outbox once, and limits a person as the form limits an address', async () => {
    const before = (await call(api, 'GET', '/api/support', admin)).body.total as number;
    const queued = { mutationId: crypto.randomUUID(), type: 'support.send', payload: message({ message: 'Written offline' }) };
    const first = await call(api, 'POST', '/api/sync/push', customer, { mutations: [queued] });
    expect(first.body.results[0]).toMatchObject({ result: 'applied', status: 201, body: { message: supportReply } });
    const again = await call(api, 'POST', '/api/sync/push', customer, { mutations: [queued] });
    expect(again.body.results[0]).toMatchObject({ result: 'duplicate' });
    expect((await call(api, 'GET', '/api/support', admin)).body.total).toBe(before + 1);

    // The person's limit counts what they push (4 an hour here; the replay was not counted).
    const push = (text: string) => call(api, 'POST', '/api/sync/push', customer, { mutations: [{ mutationId: crypto.randomUUID(), type: 'support.send', payload: message({ message: text }) }] });
    expect((await push('three')).body.results[0].result).toBe('applied');
    expect((await push('four')).body.results[0].result).toBe('applied');
    expect((await push('five')).body.results[0].result).toBe('applied');
    expect((await push('six')).body.results[0]).toMatchObject({ result: 'refused', status: 429, body: { error: 'too_many_requests' } });
  });

  it('limits the form per address like the newsletter', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call(api, 'POST', '/api/support', null, message({ message: `try ${i}` }))).status);
    expect(statuses).toContain(429);
  });
});
