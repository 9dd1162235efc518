/**
 * Sign-up and sign-in with a mobile number and a one-time code (issue 50), against the local
 * BulkSMSBD stand-in through the API's real provider: codes, their limits, and the SMS channel's
 * rules (Bangladeshi numbers only, retries, daily caps, Bangla as one UCS-2 part).
 */
import { describe, expect, it } from 'vitest';
import { useApi, useStarted } from './support/app.ts';
import { call } from './support/calls.ts';
import { startSmsStandIn } from './support/sms-stand-in.ts';
import { runtime } from './support/target.ts';

let counter = 0;
/** A fresh Bangladeshi number for each use, so that no test meets another's per-number limit. */
const newNumber = () => `+8801711${String(++counter).padStart(6, '0')}`;
const localForm = (phone: string) => `0${phone.slice(4)}`;

const sms = useStarted(startSmsStandIn, (standIn) => standIn.close());
const { api } = useApi({}, { env: () => sms.env });

const seenSecrets: string[] = [];
async function codeFor(phone: string, since = sms.messagesTo(phone).length) {
  const code = await sms.waitForCode(phone, since);
  seenSecrets.push(code);
  return code;
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe(`phone sign-in on ${runtime}`, () => {
  it('signs a new number up: a code by SMS, the name asked once, then signed in as a customer with a proven number', async () => {
    const phone = newNumber();
    const asked = await call(api, 'POST', '/api/auth/otp/request', null, { phone: localForm(phone) });
    expect(asked.status).toBe(202);
    const code = await codeFor(phone, 0);
    expect(sms.messagesTo(phone)[0]!.message).toContain('LifeSure');

    const withoutName = await call(api, 'POST', '/api/auth/otp/verify', null, { phone, code });
    expect(withoutName.status).toBe(400);
    expect(withoutName.body).toMatchObject({ error: 'validation_failed', fields: { name: 'Name is required' }, details: { reason: 'name_required' } });

    const signedUp = await call(api, 'POST', '/api/auth/otp/verify', null, { phone, code, name: 'Shirin Akter' });
    expect(signedUp.status).toBe(201);
    expect(signedUp.body).toMatchObject({ created: true, user: { name: 'Shirin Akter', role: 'user' } });
    expect(signedUp.headers.get('set-cookie')).toMatch(/refresh_token=/);
    const me = await call(api, 'GET', '/api/auth/me', null, undefined, bearer(signedUp.body.accessToken));
    expect(me.body).toMatchObject({ phone, phoneVerified: true, hasEmail: false, smsOptOut: false, role: 'user' });

    // The next time, the same number signs in to the same account.
    await call(api, 'POST', '/api/auth/otp/request', null, { phone });
    const again = await call(api, 'POST', '/api/auth/otp/verify', null, { phone, code: await codeFor(phone, 1) });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, user: { id: signedUp.body.user.id } });
  });

  it('takes an optional email at sign-up, and refuses one that is already an account\'s without spending the code', async () => {
    const phone = newNumber();
    await call(api, 'POST', '/api/auth/otp/request', null, { phone });
    const code = await codeFor(phone, 0);
    await api.sql("INSERT INTO users (id, email, name, role, created_at) VALUES ('taken-email', 'taken@example.test', 'Taken', 'user', ?)", new Date().toISOString());
    const taken = await call(api, 'POST', '/api/auth/otp/verify', null, { phone, code, name: 'Rafiq', email: 'taken@example.test' });
    expect(taken.status).toBe(409);
    const made = await call(api, 'POST', '/api/auth/otp/verify', null, { phone, code, name: 'Rafiq', email: 'Rafiq@Example.test' });
    expect(made.status).toBe(201);
    expect(made.body.user.email).toBe('rafiq@example.test');
  });

  it('answers a known and an unknown number alike', async () => {
    const known = newNumber();
    await call(api, 'POST', '/api/auth/otp/request', null, { phone: known });
    await call(api, 'POST', '/api/auth/otp/verify', null, { phone: known, code: await codeFor(known, 0), name: 'Known' });
    const unknown = newNumber();
    const [a, b] = [await call(api, 'POST', '/api/auth/otp/request', null, { phone: known }), await call(api, 'POST', '/api/auth/otp/request', null, { phone: unknown })];
    expect(a.status).toBe(202);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
  });

  it('spends a code after five wrong tries, even tried in parallel: the right one then fails and a new one is needed', async () => {
    const phone = newNumber();
    await call(api, 'POST', '/api/auth/otp/request', null, { phone });
    const code = await codeFor(phone, 0);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(Array.from({ length: 8 }, () => call(api, 'POST', '/api/auth/otp/verify', null, { phone, code: wrong, name: 'Guesser' })));
    expect(guesses.map((g) => g.status)).toEqual(Array(8).fill(400));
    expect(guesses[0]!.body).toMatchObject({ error: 'validation_failed', fields: { code: expect.any(String) } });
    const rows = await api.sql<{ attempts: number }>('SELECT attempts FROM one_time_codes WHERE phone = ?', phone);
    expect(rows).toEqual([{ attempts: 5 }]);
    expect((await call(api, 'POST', '/api/auth/otp/verify', null, { phone, code, name: 'Owner' })).status).toBe(400);

    await call(api, 'POST', '/api/auth/otp/request', null, { phone });
    const fresh = await codeFor(phone, 1);
    expect((await call(api, 'POST', '/api/auth/otp/verify', null, { phone, code: fresh, name: 'Owner' })).status).toBe(201);
  });

  it('uses a code once, even sent twice at the same moment, and only the newest code of a number works', async () => {
    const phone = newNumber();
    await call(api, 'POST', '/api/auth/otp/request', null, { phone });
    const first = await codeFor(phone, 0);
    await call(api, 'POST', '/api/auth/otp/request', null, { phone });
    const second = await codeFor(phone, 1);
    if (first !== second) expect((await call(api, 'POST', '/api/auth/otp/verify', null, { phone, code: first, name: 'Old' })).status).toBe(400);
    const both = await Promise.all([0, 1].map(() => call(api, 'POST', '/api/auth/otp/verify', null, { phone, code: second, name: 'Twice' })));
    expect(both.map((b) => b.status).sort()).toEqual([201, 400]);
    expect((await call(api, 'POST', '/api/auth/otp/verify', null, { phone, code: second })).status).toBe(400);
    expect(await api.sql('SELECT id FROM users WHERE phone = ?', phone)).toHaveLength(1);
  });

  it('refuses a code past its 5 minutes (the clock moved on for the stored code)', async () => {
    const phone = newNumber();
    await call(api, 'POST', '/api/auth/otp/request', null, { phone });
    const code = await codeFor(phone, 0);
    const [row] = await api.sql<{ created_at: number; expires_at: number }>('SELECT created_at, expires_at FROM one_time_codes WHERE phone = ?', phone);
    expect(row!.expires_at - row!.created_at).toBe(5 * 60 * 1000);
    await api.sql('UPDATE one_time_codes SET created_at = created_at - 300001, expires_at = expires_at - 300001 WHERE phone = ?', phone);
    expect((await call(api, 'POST', '/api/auth/otp/verify', null, { phone, code, name: 'Late' })).status).toBe(400);
  });

  it('keeps the code hashed: the database never holds it', async () => {
    const phone = newNumber();
    await call(api, 'POST', '/api/auth/otp/request', null, { phone });
    const code = await codeFor(phone, 0);
    const [row] = await api.sql<{ code_hash: string }>('SELECT code_hash FROM one_time_codes WHERE phone = ?', phone);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const everything = JSON.stringify(await api.sql('SELECT * FROM one_time_codes')) + JSON.stringify(await api.sql('SELECT * FROM sms_log'));
    expect(everything).not.toContain(code);
  });

  it('limits the codes of one number (429 with Retry-After), not those of another', async () => {
    const phone = newNumber();
    for (let i = 0; i < 3; i++) expect((await call(api, 'POST', '/api/auth/otp/request', null, { phone })).status).toBe(202);
    const refused = await call(api, 'POST', '/api/auth/otp/request', null, { phone });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ error: 'too_many_requests' });
    expect((await call(api, 'POST', '/api/auth/otp/request', null, { phone: newNumber() })).status).toBe(202);
  });

  it.each([['+14155550100'], ['+8801212345678'], ['01112345678'], ['+44 7700 900123'], ['8801712']])('refuses %s: only Bangladeshi mobile numbers get codes', async (phone) => {
    const res = await call(api, 'POST', '/api/auth/otp/request', null, { phone });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', fields: { phone: expect.stringContaining('Bangladeshi mobile number') } });
    // A valid number asked for after it arrives; the refused one never reached the gateway.
    const marker = newNumber();
    await call(api, 'POST', '/api/auth/otp/request', null, { phone: marker });
    await codeFor(marker, 0);
    const digits = phone.replace(/\D/g, '');
    expect(sms.numbersAsked.filter((n) => n.endsWith(digits.slice(-7)))).toEqual([]);
  });

  it('sends in Bangla for a Bangla page, in one UCS-2 part, with the code in ASCII digits', async () => {
    const phone = newNumber();
    await call(api, 'POST', '/api/auth/otp/request', null, { phone, language: 'bn' });
    const code = await codeFor(phone, 0);
    const text = sms.messagesTo(phone)[0]!.message;
    expect(text).toMatch(/[\u0980-\u09ff]/);
    expect(text).toContain(code);
    expect(text.length).toBeLessThanOrEqual(70);
    await expect.poll(() => api.sql('SELECT segments, status FROM sms_log WHERE phone = ?', phone)).toEqual([{ segments: 1, status: 'sent' }]);
  });

  it('tries the gateway again when it fails for a passing reason, and gives up on a final one', async () => {
    const phone = newNumber();
    sms.failNext(1, 500);
    sms.failNext(1, 1005);
    await call(api, 'POST', '/api/auth/otp/request', null, { phone });
    await codeFor(phone, 0);
    await expect.poll(() => api.sql('SELECT status, attempts FROM sms_log WHERE phone = ?', phone)).toEqual([{ status: 'sent', attempts: 3 }]);

    const refused = newNumber();
    sms.failNext(1, 1007);
    await call(api, 'POST', '/api/auth/otp/request', null, { phone: refused });
    await expect.poll(() => api.sql('SELECT status, attempts, detail FROM sms_log WHERE phone = ?', refused)).toEqual([{ status: 'failed', attempts: 1, detail: 'response_code 1007' }]);
  });

  it('writes no code into a log line', async () => {
    expect(seenSecrets.length).toBeGreaterThan(5);
    const { readFileSync } = await import('node:fs');
    await expect.poll(() => (api.logFile ? readFileSync(api.logFile, 'utf8') : '').includes('/api/auth/otp/verify')).toBe(true);
    const log = api.logFile ? readFileSync(api.logFile, 'utf8') : '';
    for (const code of seenSecrets) expect(log).not.toContain(code);
  });
});

describe(`the SMS caps and the per-address limit on ${runtime}`, () => {
  const capped = useStarted(startSmsStandIn, (standIn) => standIn.close());
  const { api: cappedApi } = useApi({}, {
    env: () => ({ ...capped.env, SMS_DAILY_LIMIT_PER_NUMBER: '2', SMS_DAILY_LIMIT: '4', RATE_LIMIT_CODES_PER_ADDRESS: '10/600' }),
  });
  const statuses = (phone?: string) =>
    cappedApi.sql<{ status: string }>(`SELECT status FROM sms_log ${phone ? 'WHERE phone = ?' : ''} ORDER BY status`, ...(phone ? [phone] : [])).then((rows) => rows.map((r) => r.status));

  it('sends one number at most SMS_DAILY_LIMIT_PER_NUMBER a day', async () => {
    const phone = newNumber();
    for (let i = 0; i < 3; i++) expect((await call(cappedApi, 'POST', '/api/auth/otp/request', null, { phone })).status).toBe(202);
    await expect.poll(() => statuses(phone)).toEqual(['capped', 'sent', 'sent']);
    expect(capped.messagesTo(phone)).toHaveLength(2);
  });

  it('sends at most SMS_DAILY_LIMIT in all, however many ask at once', async () => {
    const phones = Array.from({ length: 5 }, newNumber);
    const answers = await Promise.all(phones.map((phone) => call(cappedApi, 'POST', '/api/auth/otp/request', null, { phone })));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(202));
    await expect.poll(async () => (await statuses()).filter((s) => s !== 'sending')).toHaveLength(8);
    expect((await statuses()).filter((s) => s === 'sent')).toHaveLength(4);
    expect(capped.delivered).toHaveLength(4);
  });

  it('limits the codes asked for from one address, whatever the numbers (429 with Retry-After)', async () => {
    for (let i = 0; i < 2; i++) expect((await call(cappedApi, 'POST', '/api/auth/otp/request', null, { phone: newNumber() })).status).toBe(202);
    const refused = await call(cappedApi, 'POST', '/api/auth/otp/request', null, { phone: newNumber() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe(`the demo outbox on ${runtime}`, () => {
  const { api: demo, admin, customer } = useApi({ admin: 'admin', customer: 'user' });

  it('keeps the SMS for admins when no gateway is configured, and the code in it signs the person in', async () => {
    const phone = newNumber();
    expect((await call(demo, 'POST', '/api/auth/otp/request', null, { phone })).status).toBe(202);
    let body = '';
    await expect.poll(async () => {
      const res = await call(demo, 'GET', `/api/demo/outbox?channel=sms&to=${encodeURIComponent(phone)}`, admin);
      body = res.body.messages?.[0]?.body ?? '';
      return body;
    }).toMatch(/\d{6}/);
    const code = /\b(\d{6})\b/.exec(body)![1]!;
    expect((await call(demo, 'POST', '/api/auth/otp/verify', null, { phone, code, name: 'Demo Visitor' })).status).toBe(201);
    expect((await call(demo, 'GET', '/api/demo/outbox', customer)).status).toBe(403);
    expect((await call(demo, 'GET', '/api/demo/outbox', null)).status).toBe(401);
    expect((await call(demo, 'GET', '/api/client-config')).body).toMatchObject({ phoneSignIn: true, emailReset: true });
  });
});

describe(`no outbox outside the demo on ${runtime}`, () => {
  const { api: live, admin } = useApi({ admin: 'admin' }, { env: { DEMO_MODE: 'off' } });

  it('says in the client settings that phone sign-in and email resets are off without a gateway or mail server', async () => {
    expect((await call(live, 'GET', '/api/client-config')).body).toMatchObject({ phoneSignIn: false, emailReset: false });
  });

  it('answers 404 and keeps nothing', async () => {
    const res = await call(live, 'GET', '/api/demo/outbox', admin);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'not_found' });
    expect((await call(live, 'POST', '/api/auth/otp/request', null, { phone: newNumber() })).status).toBe(202);
    await expect.poll(() => live.sql('SELECT status, detail FROM sms_log')).toEqual([{ status: 'failed', detail: 'no SMS gateway configured' }]);
    expect(await live.sql('SELECT * FROM demo_outbox')).toEqual([]);
  });
});
