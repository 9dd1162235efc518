/**
 * The reset link by real email (issue 50): nodemailer over SMTP_URL to a local SMTP server (the
 * `smtp-server` package). Node only: the Worker cannot open SMTP connections, so there email
 * goes to the demo outbox or nowhere (decision 0110; password-reset.test.ts covers the outbox
 * on both runtimes).
 */
import { expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password.ts';
import { useApi, useStarted } from './support/app.ts';
import { login } from './support/auth-client.ts';
import { call } from './support/calls.ts';
import { startSmtpStandIn } from './support/smtp-stand-in.ts';

const smtp = useStarted(startSmtpStandIn, (standIn) => standIn.close());
const { api, admin } = useApi({ admin: 'admin' }, { env: () => ({ ...smtp.env, PUBLIC_ORIGIN: 'https://lifesure.example' }) });

it('mails the reset link over SMTP to PUBLIC_ORIGIN, the link resets the password, and a notice follows; the outbox stays empty', async () => {
  await api.sql(
    'INSERT INTO users (id, email, name, role, password_hash, created_at, language) VALUES (?, ?, ?, ?, ?, ?, ?)',
    'smtp-user', 'salma@example.test', 'Salma', 'user', await hashPassword('secret-1'), new Date().toISOString(), 'en',
  );
  expect((await call(api, 'POST', '/api/auth/password/forgot', null, { email: 'salma@example.test' })).status).toBe(202);
  const mail = await smtp.waitForMail('salma@example.test');
  expect(mail.subject).toBe('LifeSure: reset your password');
  const link = /https:\/\/lifesure\.example\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();

  expect((await call(api, 'POST', '/api/auth/password/reset', null, { token: link![1], password: 'reset-pass-1' })).status).toBe(200);
  expect((await login(api, 'salma@example.test', 'reset-pass-1')).status).toBe(200);
  const notice = await smtp.waitForMail('salma@example.test', 2);
  expect(notice.subject).toBe('LifeSure: your password was changed');
  expect((await call(api, 'GET', '/api/demo/outbox', admin)).body.messages).toEqual([]);
});

it('writes the Bangla email in Bangla, and never the link into a log line', async () => {
  await api.sql(
    'INSERT INTO users (id, email, name, role, password_hash, created_at, language) VALUES (?, ?, ?, ?, ?, ?, ?)',
    'smtp-bn', 'jamal@example.test', 'জামাল', 'user', await hashPassword('secret-1'), new Date().toISOString(), 'bn',
  );
  await call(api, 'POST', '/api/auth/password/forgot', null, { email: 'jamal@example.test' });
  const mail = await smtp.waitForMail('jamal@example.test');
  expect(mail.subject).toBe('LifeSure: পাসওয়ার্ড নতুন করে ঠিক করুন');
  expect(mail.text).toContain('জামাল, আপনার LifeSure পাসওয়ার্ড');
  const token = /\/bn\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(api.logFile!, 'utf8')).not.toContain(token);
});
