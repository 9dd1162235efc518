/**
 * Issue 29, point 6: a person edits their name and Bangladeshi mobile phone (checked: 01[3-9]
 * and 8 digits, with or without +880), online and through the outbox (sync push), once per
 * mutation id.
 */
import { describe, expect, it } from 'vitest';
import { bdMobileMessage } from '../src/schemas/person.ts';
import { useApi } from './support/app.ts';
import { call } from './support/calls.ts';
import { runtime } from './support/target.ts';
import { createTestUser } from './support/users.ts';

const { api } = useApi();

const patchMe = (user: Awaited<ReturnType<typeof createTestUser>>, body: unknown) => call(api, 'PATCH', '/api/auth/me', user, body);

describe(`profile edits on ${runtime}`, () => {
  it('takes a Bangladeshi mobile number in every usual form and stores it as +880', async () => {
    const user = await createTestUser(api, 'user', { name: 'Rafiq' });
    for (const typed of ['01712345678', '+8801712345678', '8801912345678', '017-1234 5678', '০১৩১২৩৪৫৬৭৮']) {
      const answer = await patchMe(user, { phone: typed });
      expect(answer.status, typed).toBe(200);
      expect(answer.body.phone, typed).toMatch(/^\+8801[3-9]\d{8}$/);
    }
    expect((await call(api, 'GET', '/api/auth/me', user)).body).toMatchObject({ name: 'Rafiq', phone: '+8801312345678' });
    // Blank takes the phone away.
    expect((await patchMe(user, { phone: '' })).body.phone).toBeNull();
  });

  it('refuses a number that is not a Bangladeshi mobile one, saying what it must be', async () => {
    const user = await createTestUser(api);
    for (const typed of ['01212345678', '0171234567', '017123456789', '+447911123456', '1712345678', 'call me']) {
      const answer = await patchMe(user, { phone: typed });
      expect(answer.status, typed).toBe(400);
      expect(answer.body, typed).toMatchObject({ error: 'validation_failed', message: bdMobileMessage, fields: { phone: bdMobileMessage } });
    }
    expect(bdMobileMessage).toContain('01712345678');
    expect((await call(api, 'GET', '/api/auth/me', user)).body.phone).toBeNull();
  });

  it('changes the name and phone together, and refuses a blank name', async () => {
    const user = await createTestUser(api, 'user', { name: 'Old Name' });
    const answer = await patchMe(user, { name: '  Nasrin Sultana ', phone: '01812345678' });
    expect(answer).toMatchObject({ status: 200, body: { name: 'Nasrin Sultana', phone: '+8801812345678' } });
    expect((await patchMe(user, { name: '   ' })).body).toMatchObject({ message: 'Name is required' });
    expect((await patchMe(user, {})).status).toBe(400);
  });

  it('applies an edit pushed from the outbox once, however often it is sent', async () => {
    const user = await createTestUser(api, 'user', { name: 'Offline Person' });
    const edit = { mutationId: crypto.randomUUID(), type: 'profile.update', payload: { name: 'Edited Offline', phone: '01512345678' } };
    const first = await call(api, 'POST', '/api/sync/push', user, { mutations: [edit] });
    expect(first.body.results[0]).toMatchObject({ result: 'applied', status: 200, body: { name: 'Edited Offline', phone: '+8801512345678' } });
    // A newer edit online; the old one replayed must not undo it.
    await patchMe(user, { name: 'Newer Name' });
    const again = await call(api, 'POST', '/api/sync/push', user, { mutations: [edit] });
    expect(again.body.results[0]).toMatchObject({ result: 'duplicate', body: { name: 'Edited Offline' } });
    expect((await call(api, 'GET', '/api/auth/me', user)).body.name).toBe('Newer Name');

    const bad = await call(api, 'POST', '/api/sync/push', user, { mutations: [{ mutationId: crypto.randomUUID(), type: 'profile.update', payload: { phone: '0999' } }] });
    expect(bad.body.results[0]).toMatchObject({ result: 'refused', status: 400, reason: bdMobileMessage });
  });
});
