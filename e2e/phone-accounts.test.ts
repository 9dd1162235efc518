/**
 * Issue 50 on a phone (360x740), in English and in Bangla: a new customer signs up with a mobile
 * number and the code from the SMS (read from the demo's outbox, where the server keeps what it
 * would send), and a customer who forgot the password gets back in, by a code to the number or
 * by the emailed link, and signs in with the new password. What must be tapped is on screen.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext, type Page } from './support/browser.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { codeIn, messagesSoFar, nextMessage, resetLinkIn } from './support/demo-outbox.ts';
import { expectFullyOnScreen, expectNothingOverflows } from './support/fits.ts';
import { queryDb } from './support/login.ts';

const app = useAppAndBrowser();
const phone = { width: 360, height: 740 };

/** A code that is not `code`: for the wrong try. */
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

const account = (where: string, value: string) =>
  queryDb<{ name: string; email: string; role: string; phone: string | null; phone_verified_at: string | null; language: string | null }>(
    app.server,
    `SELECT name, email, role, phone, phone_verified_at, language FROM users WHERE ${where} = ?`,
    value,
  )[0];

/** A customer with an email and a password (registered through the API), in `language`. */
async function customerWithPassword(email: string, password: string, language: 'en' | 'bn'): Promise<string> {
  const form = new FormData();
  form.set('name', 'Karim Uddin');
  form.set('email', email);
  form.set('password', password);
  form.set('language', language);
  const res = await fetch(`${app.server.url}/api/auth/register`, { method: 'POST', body: form });
  if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** Confirms `number` on the account of `token` with the code sent to it (POST /auth/phone/request, /verify). */
async function confirmNumber(token: string, number: string): Promise<void> {
  const call = (path: string, body: object) =>
    fetch(`${app.server.url}/api/auth/phone/${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const seen = await messagesSoFar(app.server, 'sms', number);
  expect((await call('request', { phone: number })).status).toBe(202);
  const code = codeIn(await nextMessage(app.server, 'sms', number, seen));
  const verified = await call('verify', { phone: number, code });
  expect(verified.status, await verified.clone().text()).toBe(200);
}

async function signInStatus(email: string, password: string): Promise<number> {
  const res = await fetch(`${app.server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return res.status;
}

async function expectAttributes(page: Page, field: ReturnType<Page['getByLabel']>, wanted: Record<string, string>) {
  for (const [name, value] of Object.entries(wanted)) expect(await field.getAttribute(name), name).toBe(value);
}

describe('signing up with a mobile number', () => {
  it('in English: the number, a wrong code, the right code from the SMS, a name once, and the dashboard', async () => {
    const page = await (await newContext(app.browser, phone)).newPage();
    await page.goto(`${app.server.url}/register`);
    const byPhone = page.getByRole('region', { name: 'Sign up with your mobile number' });
    const number = byPhone.getByLabel('Mobile number');
    await number.waitFor();
    await expectAttributes(page, number, { type: 'tel', inputmode: 'tel' });
    // The phone comes first: its field and button are on the first screen, above the email form.
    const send = byPhone.getByRole('button', { name: 'Send code' });
    await expectFullyOnScreen(page, number, 'the number field', { scroll: false });
    await expectFullyOnScreen(page, send, 'Send code', { scroll: false });
    const numberBox = (await number.boundingBox())!;
    const emailBox = (await page.getByLabel('Email', { exact: true }).boundingBox())!;
    expect(numberBox.y).toBeLessThan(emailBox.y);

    await number.fill('01212345678');
    await send.click();
    await byPhone.getByText('Please enter a Bangladeshi mobile number: 01 and 9 more digits (01712345678), with or without +880').waitFor();
    expect(await number.getAttribute('aria-invalid')).toBe('true');

    const to = '+8801812345601';
    const seen = await messagesSoFar(app.server, 'sms', to);
    await number.fill('018 1234 5601');
    await send.click();
    await byPhone.getByText('We sent a 6-digit code by SMS to 01812345601. It works for 5 minutes.').waitFor();
    const codeField = byPhone.getByLabel('6-digit code');
    await expectAttributes(page, codeField, { autocomplete: 'one-time-code', inputmode: 'numeric' });
    // The focus moved to the code, so a screen reader is told where the form now is.
    await expect.poll(() => codeField.evaluate((input) => input === document.activeElement)).toBe(true);
    const sms = await nextMessage(app.server, 'sms', to, seen);
    expect(sms.body).toContain('is your LifeSure sign-in code');
    const code = codeIn(sms);

    const next = byPhone.getByRole('button', { name: 'Continue' });
    await codeField.fill(otherThan(code));
    await next.click();
    await byPhone.getByText('That code is not right. 4 more tries with this code.').waitFor();
    await expectNoAxeViolations(page, 'register: a wrong code');
    // A new code waits a little after the last one: the button says how long.
    await byPhone.getByRole('button', { name: /^New code in \d+ s$/ }).waitFor();
    for (const [button, what] of [[next, 'Continue'], [byPhone.getByRole('button', { name: 'Use another number' }), 'Use another number']] as const) {
      await expectFullyOnScreen(page, button, what);
    }

    await codeField.fill(code);
    await next.click();
    await byPhone.getByText('This number has no account yet. Tell us your name to open one; an email is optional.').waitFor();
    const create = byPhone.getByRole('button', { name: 'Create my account' });
    await expectFullyOnScreen(page, create, 'Create my account');
    await create.click();
    await byPhone.getByText('Name is required').waitFor();
    await byPhone.getByLabel('Your name').fill('Rahima Begum');
    await expectNothingOverflows(page, 'the new account step');
    await expectNoAxeViolations(page, 'register: the new account step');
    await create.click();

    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(() => account('phone', to)?.name).toBe('Rahima Begum');
    const made = account('phone', to)!;
    expect(made.role).toBe('user');
    expect(made.phone_verified_at).not.toBeNull();

    // The account's stand-in address is no one's: the Apply form shows no email, never `…@phone.invalid`.
    await page.goto(`${app.server.url}/policy-apply-from`);
    await page.getByLabel('Name', { exact: true }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain('phone.invalid');
    await page.context().close();
  });

  it('in Bangla: the same journey under /bn, the SMS in Bangla, with an email given', async () => {
    const page = await (await newContext(app.browser, { ...phone, locale: 'bn-BD' })).newPage();
    await page.goto(`${app.server.url}/bn/register`);
    const byPhone = page.getByRole('region', { name: 'মোবাইল নম্বর দিয়ে অ্যাকাউন্ট খুলুন' });
    const number = byPhone.getByLabel('মোবাইল নম্বর');
    await number.waitFor();
    const send = byPhone.getByRole('button', { name: 'কোড পাঠান' });
    await expectFullyOnScreen(page, send, 'কোড পাঠান', { scroll: false });

    await number.fill('+1 415 555 0100');
    await send.click();
    await byPhone.getByText('বাংলাদেশি মোবাইল নম্বর লিখুন: 01 এবং আরও ৯টি সংখ্যা (01712345678), +880 সহ বা ছাড়া').waitFor();

    const to = '+8801912345602';
    const seen = await messagesSoFar(app.server, 'sms', to);
    // Typed on a Bangla keyboard.
    await number.fill('০১৯১২৩৪৫৬০২');
    await send.click();
    await byPhone.getByText('০১৯১২৩৪৫৬০২ নম্বরে এসএমএসে ৬ সংখ্যার একটি কোড পাঠানো হয়েছে। কোডটি ৫ মিনিট কাজ করবে।').waitFor();
    const sms = await nextMessage(app.server, 'sms', to, seen);
    expect(sms.body).toContain('ঢোকার কোড');
    const code = codeIn(sms);

    const codeField = byPhone.getByLabel('৬ সংখ্যার কোড');
    const next = byPhone.getByRole('button', { name: 'চালিয়ে যান' });
    await codeField.fill(otherThan(code));
    await next.click();
    await byPhone.getByText('কোডটি সঠিক নয়। এই কোড দিয়ে আর ৪ বার চেষ্টা করা যাবে।').waitFor();

    await codeField.fill(code);
    await next.click();
    await byPhone.getByText('এই নম্বরে এখনো কোনো অ্যাকাউন্ট নেই। অ্যাকাউন্ট খুলতে আপনার নাম লিখুন; ইমেইল দেওয়া ঐচ্ছিক।').waitFor();
    await byPhone.getByLabel('আপনার নাম').fill('রহিমা বেগম');
    await byPhone.getByLabel('ইমেইল (ঐচ্ছিক)').fill('rahima@example.test');
    const create = byPhone.getByRole('button', { name: 'আমার অ্যাকাউন্ট খুলুন' });
    await expectFullyOnScreen(page, create, 'আমার অ্যাকাউন্ট খুলুন');
    await expectNothingOverflows(page, 'the new account step (bn)');
    await create.click();

    await page.waitForURL((url) => url.pathname === '/bn/dashboard');
    await expect.poll(() => account('phone', to)?.name).toBe('রহিমা বেগম');
    const made = account('phone', to)!;
    expect(made.email).toBe('rahima@example.test');
    expect(made.language).toBe('bn');
    expect(made.phone_verified_at).not.toBeNull();
    await page.context().close();
  });
});

describe('refusals on the way', () => {
  it('five wrong tries spend the code, and a fourth code for one number within 15 minutes waits as the server says', async () => {
    const page = await (await newContext(app.browser, phone)).newPage();
    await page.goto(`${app.server.url}/login`);
    const byPhone = page.getByRole('region', { name: 'With your mobile number' });
    const number = byPhone.getByLabel('Mobile number');
    const send = byPhone.getByRole('button', { name: 'Send code' });
    const to = '+8801312345606';
    const seen = await messagesSoFar(app.server, 'sms', to);
    await number.fill('01312345606');
    await send.click();
    const code = codeIn(await nextMessage(app.server, 'sms', to, seen));
    const codeField = byPhone.getByLabel('6-digit code');
    const next = byPhone.getByRole('button', { name: 'Continue' });
    const wrong = otherThan(code);
    for (const left of [4, 3, 2, 1]) {
      await codeField.fill(wrong);
      await next.click();
      await byPhone.getByText(`That code is not right. ${left} more tries with this code.`).waitFor();
    }
    await codeField.fill(wrong);
    await next.click();
    const spent = byPhone.getByText('This code was entered wrongly too many times and no longer works. Please ask for a new code.');
    await spent.waitFor();
    expect(await codeField.inputValue()).toBe('');
    // Spent indeed: the right code no longer signs in.
    await codeField.fill(code);
    await next.click();
    await spent.waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    // Two more codes for the number (three in 15 minutes), then the fourth is refused with the wait.
    const another = byPhone.getByRole('button', { name: 'Use another number' });
    for (let sent = 2; sent <= 3; sent++) {
      await another.click();
      await send.click();
      await codeField.waitFor();
    }
    await another.click();
    await send.click();
    await byPhone.getByText(/^Too many tries\. Please try again in \d+ minutes\.$/).waitFor();
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    await expectNothingOverflows(page, 'too many codes');
    await page.context().close();
  });
});

describe('a forgotten password', () => {
  it('in English, by a code to the number: a new password, the old one refused, and signed in with the new', async () => {
    const email = 'karim.phone@example.test';
    const to = '+8801712345603';
    await confirmNumber(await customerWithPassword(email, 'oldpass1', 'en'), to);

    const page = await (await newContext(app.browser, phone)).newPage();
    await page.goto(`${app.server.url}/login`);
    const forgot = page.getByRole('link', { name: 'Forgot password?' });
    await expectFullyOnScreen(page, forgot, 'Forgot password?');
    await forgot.click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(await page.getByRole('radio', { name: 'By mobile number' }).isChecked()).toBe(true);

    const seen = await messagesSoFar(app.server, 'sms', to);
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('01712345603');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('If an account has the number 01712345603, a 6-digit code is on its way to it by SMS. It works for 5 minutes.').waitFor();
    const sms = await nextMessage(app.server, 'sms', to, seen);
    expect(sms.body).toContain('password reset code');

    await page.getByLabel('6-digit code').fill(codeIn(sms));
    await page.getByLabel('New password', { exact: true }).fill('newpass22');
    await page.getByLabel('New password again').fill('newpass2');
    const set = page.getByRole('button', { name: 'Set the new password' });
    await expectFullyOnScreen(page, set, 'Set the new password');
    await set.click();
    await page.getByText('Passwords do not match.').waitFor();
    await expectNothingOverflows(page, 'forgot password: the code step');
    await expectNoAxeViolations(page, 'forgot password: the code step');
    await page.getByLabel('New password again').fill('newpass22');
    await set.click();
    await page.getByText('Your password has been changed, and every other sign-in to your account has ended. Log in with the new password.').waitFor();
    // The person hears of it by SMS.
    const notice = await nextMessage(app.server, 'sms', to, seen);
    expect(notice.body).toContain('password was just changed');
    expect(await signInStatus(email, 'oldpass1')).toBe(401);

    const toLogin = page.getByRole('link', { name: 'Go to login' });
    await expectFullyOnScreen(page, toLogin, 'Go to login');
    await toLogin.click();
    await page.getByRole('heading', { name: 'Login', exact: true }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('newpass22');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.getByRole('link', { name: 'Dashboard', includeHidden: true }).first().waitFor({ state: 'attached' });
    await page.context().close();
  });

  it('in Bangla, by the emailed link: /bn/reset-password sets it once, and the person signs in', async () => {
    const email = 'nasima.link@example.test';
    await customerWithPassword(email, 'oldpass1', 'bn');

    const page = await (await newContext(app.browser, { ...phone, locale: 'bn-BD' })).newPage();
    await page.goto(`${app.server.url}/bn/login`);
    const forgot = page.getByRole('link', { name: 'পাসওয়ার্ড ভুলে গেছেন?' });
    await expectFullyOnScreen(page, forgot, 'পাসওয়ার্ড ভুলে গেছেন?');
    await forgot.click();
    await page.getByRole('heading', { name: 'পাসওয়ার্ড ভুলে গেছেন?' }).waitFor();
    const byEmail = page.getByRole('radio', { name: 'ইমেইলে' });
    await byEmail.check();
    const seen = await messagesSoFar(app.server, 'email', email);
    await page.getByLabel('ইমেইল', { exact: true }).fill(email);
    const sendLink = page.getByRole('button', { name: 'লিংক পাঠান' });
    await expectFullyOnScreen(page, sendLink, 'লিংক পাঠান');
    await sendLink.click();
    await page.getByText(`${email} ঠিকানায় কোনো অ্যাকাউন্ট থাকলে নতুন পাসওয়ার্ড দেওয়ার লিংক যাচ্ছে। ইনবক্স, আর স্প্যাম ফোল্ডারও দেখুন।`).waitFor();

    const link = resetLinkIn(await nextMessage(app.server, 'email', email, seen));
    expect(link.pathname).toBe('/bn/reset-password');
    await page.goto(`${app.server.url}${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'নতুন পাসওয়ার্ড দিন' }).waitFor();
    await page.getByLabel('নতুন পাসওয়ার্ড', { exact: true }).fill('abc');
    const set = page.getByRole('button', { name: 'নতুন পাসওয়ার্ড সেট করুন' });
    await set.click();
    await page.getByText('পাসওয়ার্ড কমপক্ষে ৬ অক্ষরের হতে হবে').waitFor();
    await page.getByLabel('নতুন পাসওয়ার্ড', { exact: true }).fill('notun-pass7');
    await page.getByLabel('নতুন পাসওয়ার্ড আবার লিখুন').fill('notun-pass7');
    await expectFullyOnScreen(page, set, 'নতুন পাসওয়ার্ড সেট করুন');
    await expectNothingOverflows(page, 'the reset page (bn)');
    await expectNoAxeViolations(page, 'the reset page (bn)');
    await set.click();
    await page.getByText('আপনার পাসওয়ার্ড বদলানো হয়েছে, আর অন্য সব ডিভাইস থেকে আপনার অ্যাকাউন্ট সাইন আউট হয়ে গেছে। নতুন পাসওয়ার্ড দিয়ে লগইন করুন।').waitFor();
    expect(await signInStatus(email, 'oldpass1')).toBe(401);

    // The link works once.
    const again = await (await newContext(app.browser, { ...phone, locale: 'bn-BD' })).newPage();
    await again.goto(`${app.server.url}${link.pathname}${link.search}`);
    await again.getByLabel('নতুন পাসওয়ার্ড', { exact: true }).fill('another-pass8');
    await again.getByLabel('নতুন পাসওয়ার্ড আবার লিখুন').fill('another-pass8');
    await again.getByRole('button', { name: 'নতুন পাসওয়ার্ড সেট করুন' }).click();
    await again.getByText('এই লিংকের মেয়াদ শেষ হয়ে গেছে, বা এটি আগেই ব্যবহার করা হয়েছে।').waitFor();
    await again.getByRole('link', { name: 'নতুন লিংক চেয়ে নিন' }).waitFor();
    await again.context().close();

    await page.getByRole('link', { name: 'লগইনে যান' }).click();
    await page.getByRole('heading', { name: 'লগইন', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/bn/login');
    await page.getByLabel('ইমেইল', { exact: true }).fill(email);
    await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill('notun-pass7');
    await page.getByRole('button', { name: 'লগইন', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/bn/login'));
    expect(await signInStatus(email, 'notun-pass7')).toBe(200);
    await page.context().close();
  });
});
