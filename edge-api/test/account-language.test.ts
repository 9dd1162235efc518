/**
 * The account's language (issue 25): set by its owner with PUT /auth/language, carried with the
 * account in every pull, so the person's other devices follow it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/calls.ts';
import { pullPage } from './support/sync-pulls.ts';
import { runtime, startApi, type ApiTarget } from './support/target.ts';
import { createTestUser, type TestUser } from './support/users.ts';

let api: ApiTarget;
let customer: TestUser;
let other: TestUser;

beforeAll(async () => {
  api = await startApi();
  customer = await createTestUser(api, 'user', { name: 'Rahima Khatun' });
  other = await createTestUser(api, 'user', { name: 'Karim Uddin' });
});
afterAll(async () => {
  await api?.stop();
});

type PullWithAccount = Awaited<ReturnType<typeof pullPage>> & { account?: { language: string | null } };

describe(`the account's language on ${runtime}`, () => {
  it('is unset (null) until the person chooses', async () => {
    const page = (await pullPage(api, customer, '0')) as PullWithAccount;
    expect(page.account?.language).toBeNull();
  });

  it('is set by its owner and travels with the account in the next pull', async () => {
    const set = await call(api, 'PUT', '/api/auth/language', customer, { language: 'bn' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ language: 'bn' });
    const page = (await pullPage(api, customer, '0')) as PullWithAccount;
    expect(page.account?.language).toBe('bn');
    // Another person's account is untouched.
    expect(((await pullPage(api, other, '0')) as PullWithAccount).account?.language).toBeNull();
    const back = await call(api, 'PUT', '/api/auth/language', customer, { language: 'en' });
    expect(back.body).toEqual({ language: 'en' });
    expect(((await pullPage(api, customer, '0')) as PullWithAccount).account?.language).toBe('en');
  });

  it('refuses a visitor and a language the product does not have', async () => {
    expect((await call(api, 'PUT', '/api/auth/language', null, { language: 'bn' })).status).toBe(401);
    const wrong = await call(api, 'PUT', '/api/auth/language', customer, { language: 'fr' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('validation_failed');
  });
});
