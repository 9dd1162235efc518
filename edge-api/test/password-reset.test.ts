/**
 * Forgotten passwords (issue 50) by phone (a code by SMS, through the BulkSMSBD stand-in) and by
 * email (a link; here the demo outbox, on both runtimes: the SMTP path is
 * password-reset-smtp.node-only.test.ts). OWASP's rules: one answer for known and unknown, in
 * body and time; single use; short life; every session ended; the person told.
 */
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password.ts';
import { useApi, useStarted } from './support/app.ts';
import { login, refresh } from './support/auth-client.ts';
import { call, type Answer } from './support/calls.ts';
import { startSmsStandIn } from './support/sms-stand-in.ts';
import { runtime, type ApiTarget } from './support/target.ts';

let counter = 0;
const newNumber = () => `+8801811${String(++counter).padStart(6, '0')}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const cookieOf = (answer: Answer) => answer.headers.getSetCookie().find((c) => c.startsWith('refresh_token='))!.split(';')[0]!;

const sms = useStarted(startSmsStandIn, (standIn) => standIn.close());
const { api, admin } = useApi(
  { admin: 'admin' },
  { env: () => ({ ...sms.env, RATE_LIMIT_CODES_PER_RECIPIENT: '1000/600', SMS_DAILY_LIMIT_PER_NUMBER: '1000' }) },
);
const seenSecrets: string[] = [];

/** The code of the SMS after the `since`-th to `phone` (count them BEFORE asking: the SMS may come before the answer is read). */
async function codeFor(phone: string, since: number) {
  const code = await sms.waitForCode(phone, since);
  seenSecrets.push(code);
  return code;
}

/** A customer made by phone (with an email when given), signed in twice: two sessions. */
async function phoneCustomer(email?: string) {
  const phone = newNumber();
  const sessions: Answer[] = [];
  for (let i = 0; i < 2; i++) {
    const since = sms.messagesTo(phone).length;
    await call(api, 'POST', '/api/auth/otp/request', null, { phone });
    const code = await sms.waitForCode(phone, since);
    sessions.push(await call(api, 'POST', '/api/auth/otp/verify', null, { phone, code, name: 'Nasrin', ...(email && { email }) }));
  }
  return { phone, sessions, id: sessions[0]!.body.user.id as string };
}

/** A password account (email and password) with the given language. */
async function emailCustomer(email: string, language: 'en' | 'bn' = 'en') {
  await api.sql(
    'INSERT INTO users (id, email, name, role, password_hash, created_at, language) VALUES (?, ?, ?, ?, ?, ?, ?)',
    crypto.randomUUID(), email, 'Karim', 'user', await hashPassword('secret-1'), new Date().toISOString(), language,
  );
}

async function outboxMail(target: ApiTarget, to: string, count = 1): Promise<{ subject: string; body: string }[]> {
  let mails: { subject: string; body: string }[] = [];
  await expect.poll(async () => {
    mails = (await call(target, 'GET', `/api/demo/outbox?channel=email&to=${encodeURIComponent(to)}`, admin)).body.messages ?? [];
    return mails.length;
  }, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return mails;
}
const tokenIn = (body: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function timed(body: unknown) {
  const started = performance.now();
  const answer = await call(api, 'POST', '/api/auth/password/forgot', null, body);
  return { answer, ms: performance.now() - started };
}

describe(`password reset by phone on ${runtime}`, () => {
  it('resets with the code by SMS, ends every session, tells the person, and the new password signs in', async () => {
    const { phone, sessions, id } = await phoneCustomer('nasrin@example.test');
    const since = sms.messagesTo(phone).length;
    const forgot = await call(api, 'POST', '/api/auth/password/forgot', null, { phone: `0${phone.slice(4)}` });
    expect(forgot.status).toBe(202);
    const code = await codeFor(phone, since);
    expect(sms.messagesTo(phone).at(-1)!.message).toMatch(/reset/i);

    const reset = await call(api, 'POST', '/api/auth/password/reset', null, { phone, code, password: 'reset-pass-1' });
    expect(reset.status).toBe(200);
    expect(reset.headers.getSetCookie()).toEqual([]);
    for (const session of sessions) {
      expect((await refresh(api, cookieOf(session))).status).toBe(401);
      expect((await call(api, 'GET', '/api/auth/me', null, undefined, bearer(session.body.accessToken))).status).toBe(401);
    }
    await expect.poll(() => sms.messagesTo(phone).at(-1)?.message ?? '').toMatch(/password was just changed/);
    const told = await outboxMail(api, 'nasrin@example.test');
    expect(told[0]!.subject).toMatch(/password was changed/);

    const signedIn = await login(api, 'nasrin@example.test', 'reset-pass-1');
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { user: { id: string } }).user.id).toBe(id);
    // Used once: the same code again changes nothing.
    expect((await call(api, 'POST', '/api/auth/password/reset', null, { phone, code, password: 'reset-pass-2' })).status).toBe(400);
    expect((await login(api, 'nasrin@example.test', 'reset-pass-1')).status).toBe(200);
  });

  it('spends a reset code after five wrong tries', async () => {
    const { phone } = await phoneCustomer();
    const since = sms.messagesTo(phone).length;
    await call(api, 'POST', '/api/auth/password/forgot', null, { phone });
    const code = await codeFor(phone, since);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    const tries = await Promise.all(Array.from({ length: 6 }, () => call(api, 'POST', '/api/auth/password/reset', null, { phone, code: wrong, password: 'reset-pass-3' })));
    expect(tries.map((t) => t.status)).toEqual(Array(6).fill(400));
    expect(tries[0]!.body).toMatchObject({ error: 'validation_failed', fields: { code: expect.any(String) } });
    expect((await call(api, 'POST', '/api/auth/password/reset', null, { phone, code, password: 'reset-pass-3' })).status).toBe(400);
  });

  it('answers a known and an unknown number or email alike, and as fast: nothing is sent before the answer', async () => {
    const { phone: known } = await phoneCustomer();
    await emailCustomer('known-reset@example.test');
    // A slow gateway: an answer that waited for the SMS would be 1.5 s slower for the known number.
    sms.delayMs = 1500;
    try {
      const knownTimes: number[] = [];
      const unknownTimes: number[] = [];
      for (let i = 0; i < 6; i++) {
        const a = await timed({ phone: known });
        const b = await timed({ phone: newNumber() });
        expect(b.answer.status).toBe(a.answer.status);
        expect(b.answer.body).toEqual(a.answer.body);
        knownTimes.push(a.ms);
        unknownTimes.push(b.ms);
      }
      expect(Math.abs(median(knownTimes) - median(unknownTimes)), `known ${knownTimes.join(', ')}; unknown ${unknownTimes.join(', ')}`).toBeLessThan(500);
      const [c, d] = [await timed({ email: 'known-reset@example.test' }), await timed({ email: 'nobody-here@example.test' })];
      expect(c.answer.status).toBe(202);
      expect(d.answer.status).toBe(202);
      expect(d.answer.body).toEqual(c.answer.body);
    } finally {
      sms.delayMs = 0;
    }
  });

  it('sends nothing to a number that is no account\'s', async () => {
    const phone = newNumber();
    expect((await call(api, 'POST', '/api/auth/password/forgot', null, { phone })).status).toBe(202);
    await expect.poll(() => api.sql("SELECT id FROM sms_log WHERE status = 'sending'")).toEqual([]);
    expect(sms.messagesTo(phone)).toEqual([]);
    expect(await api.sql('SELECT id FROM one_time_codes WHERE phone = ?', phone)).toEqual([]);
  });

  it('refuses a body with neither or both, and a non-Bangladeshi number', async () => {
    for (const body of [{}, { phone: '+14155550100' }, { phone: '01712345678', email: 'a@example.test' }]) {
      expect((await call(api, 'POST', '/api/auth/password/forgot', null, body)).status).toBe(400);
    }
  });
});

describe(`password reset by email on ${runtime} (the demo outbox)`, () => {
  it('sends a single-use link in the person\'s language, which sets the password once and ends every session', async () => {
    await emailCustomer('rina@example.test', 'bn');
    const first = await login(api, 'rina@example.test', 'secret-1');
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith('refresh_token='))!.split(';')[0]!;
    expect((await call(api, 'POST', '/api/auth/password/forgot', null, { email: 'Rina@Example.test' })).status).toBe(202);
    const [mail] = await outboxMail(api, 'rina@example.test');
    expect(mail!.body).toMatch(/\/bn\/reset-password\?token=/);
    expect(mail!.body).toMatch(/[\u0980-\u09ff]/);
    const token = tokenIn(mail!.body)!;
    seenSecrets.push(token);
    expect(await api.sql('SELECT token_hash FROM password_reset_tokens WHERE token_hash = ?', token)).toEqual([]);

    const reset = await call(api, 'POST', '/api/auth/password/reset', null, { token, password: 'reset-pass-2' });
    expect(reset.status).toBe(200);
    expect((await refresh(api, cookie)).status).toBe(401);
    expect((await login(api, 'rina@example.test', 'reset-pass-2')).status).toBe(200);
    expect((await login(api, 'rina@example.test', 'secret-1')).status).toBe(401);
    const again = await call(api, 'POST', '/api/auth/password/reset', null, { token, password: 'reset-pass-3' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ fields: { token: expect.any(String) } });
    const notices = await outboxMail(api, 'rina@example.test', 2);
    expect(notices[0]!.subject).toMatch(/পাসওয়ার্ড/);
  });

  it('links to /reset-password in English, and a link past its 30 minutes or replaced by a newer one does not work', async () => {
    await emailCustomer('omar@example.test');
    await call(api, 'POST', '/api/auth/password/forgot', null, { email: 'omar@example.test' });
    const [older] = await outboxMail(api, 'omar@example.test');
    expect(older!.body).toMatch(/^.*\/reset-password\?token=/m);
    expect(older!.body).not.toMatch(/\/bn\/reset-password/);
    const olderToken = tokenIn(older!.body)!;
    await call(api, 'POST', '/api/auth/password/forgot', null, { email: 'omar@example.test' });
    const [newer] = await outboxMail(api, 'omar@example.test', 2);
    const newerToken = tokenIn(newer!.body)!;
    seenSecrets.push(olderToken, newerToken);
    expect((await call(api, 'POST', '/api/auth/password/reset', null, { token: olderToken, password: 'reset-pass-3' })).status).toBe(400);
    const [row] = await api.sql<{ created_at: number; expires_at: number }>("SELECT created_at, expires_at FROM password_reset_tokens WHERE used_at IS NULL");
    expect(row!.expires_at - row!.created_at).toBe(30 * 60 * 1000);
    await api.sql('UPDATE password_reset_tokens SET expires_at = expires_at - 1800001 WHERE used_at IS NULL');
    expect((await call(api, 'POST', '/api/auth/password/reset', null, { token: newerToken, password: 'reset-pass-3' })).status).toBe(400);
  });

  it('sends nothing for an unknown email or an account made by phone without one', async () => {
    expect((await call(api, 'POST', '/api/auth/password/forgot', null, { email: 'ghost@example.test' })).status).toBe(202);
    const me = (await phoneCustomer()).sessions[0]!;
    const stand = (await call(api, 'GET', '/api/auth/me', null, undefined, bearer(me.body.accessToken))).body.email as string;
    expect(stand).toMatch(/@phone\.invalid$/);
    expect((await call(api, 'POST', '/api/auth/password/forgot', null, { email: stand })).status).toBe(202);
    // A later message to someone else arrives: the ones before it were never going to.
    await emailCustomer('marker@example.test');
    await call(api, 'POST', '/api/auth/password/forgot', null, { email: 'marker@example.test' });
    await outboxMail(api, 'marker@example.test');
    expect(await api.sql("SELECT recipient FROM demo_outbox WHERE recipient IN ('ghost@example.test', ?)", stand)).toEqual([]);
  });
});

describe(`no code or reset token in a log line on ${runtime}`, () => {
  it('logs none of them', async () => {
    expect(seenSecrets.length).toBeGreaterThan(3);
    const { readFileSync } = await import('node:fs');
    const log = api.logFile ? readFileSync(api.logFile, 'utf8') : '';
    expect(log).toContain('/api/auth/password/reset');
    for (const secret of seenSecrets) expect(log).not.toContain(secret);
  });
});
