/**
 * Signing in as a demo account in browser tests, and asking the API or the database what
 * the server holds afterwards.
 *
 * `loginAs` on a page already in use goes through the real /login page (and so through the
 * dashboard guard: the guard sends the visitor to /login, and the login page brings them back),
 * as a person switching accounts on a device does. On a fresh page, the start of most journeys,
 * it signs in through POST /auth/login and stores the session the way lib/session.ts does
 * (localStorage 'access-token', 'session-user', 'session-sign-out'; the refresh cookie comes
 * with the response): the form's 3.5 s against 1.9 s, paid by about a hundred journeys a run
 * whose subject is not the form (docs/decisions/0128-browser-tests-start-on-one-seeding.md).
 * The form itself is the subject of auth-login, dashboard-guard and the account-switching tests.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AppServer } from './app-server.ts';
import { fillCredentials } from './public-site.ts';

export type DemoRole = 'user' | 'agent' | 'admin';
export const demoPassword = 'demo1234';
export const demoEmail = (role: DemoRole) => `${role}@demo.local`;

interface SignInAnswer {
  accessToken: string;
  user: { id: string; email: string; name: string; role: DemoRole; photoURL: string | null };
  signOut?: { sessionId: string; key: string };
}

/**
 * Signs in on the English page and, for Bangla, then chooses বাংলা with the switch (the account
 * keeps it). Each test starts from the language it is about, whatever an earlier test chose.
 */
export async function loginInLanguage(page: Page, server: AppServer, role: DemoRole, lang: 'en' | 'bn', target = '/dashboard'): Promise<void> {
  writeDb(server, 'UPDATE users SET language = NULL WHERE email = ?', demoEmail(role));
  await loginAs(page, server, role, target);
  if (lang === 'bn') {
    await page.getByRole('link', { name: 'বাংলা', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/bn${target}`);
  }
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
}

/** Signs in as the demo account of `role` and ends on `target` (default /dashboard). */
export async function loginAs(page: Page, server: AppServer, role: DemoRole, target = '/dashboard'): Promise<void> {
  if (page.url() === 'about:blank') return openSignedIn(page, server, role, target);
  await loginThroughForm(page, server, role, target);
}

/**
 * Signs in through the /login page whatever the page had open, for a test whose subject is the
 * session the form starts (no refresh at start-up, as a just-signed-in device has none).
 */
export async function loginThroughForm(page: Page, server: AppServer, role: DemoRole, target = '/dashboard'): Promise<void> {
  await page.goto(`${server.url}${target}`);
  const loginHeading = page.getByRole('heading', { name: 'Login', exact: true });
  const hasLoginPage = await loginHeading
    .waitFor({ timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  if (hasLoginPage) {
    await fillCredentials(page, demoEmail(role), demoPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // The login page returns to the target (router state `from`): a client-side navigation.
    await page.waitForFunction((path) => location.pathname === path, target, { timeout: 15_000 }).catch(async (error: unknown) => {
      const failure = await page.locator('.form-message--error').allInnerTexts();
      throw new Error(`Signing in as ${role} did not reach ${target} (at ${page.url()}) ${failure.join(' ')}`, { cause: error });
    });
    // The address changes when the navigation starts, but the router keeps the login page on the
    // screen (a transition) until the target's code has arrived: a link tapped before then, such
    // as the language switch, is still the login page's own (/bn/login).
    await loginHeading.waitFor({ state: 'detached', timeout: 30_000 });
    return;
  }
  // No login page (yet): the session as lib/session.ts stores it, then the target again.
  await storeSession(page, await signInByApi(page, server, role, target));
  await page.goto(`${server.url}${target}`);
}

/** POST /auth/login in the page's context (the refresh cookie lands in its jar), in `target`'s language as the form would send it. */
async function signInByApi(page: Page, server: AppServer, role: DemoRole, target: string): Promise<SignInAnswer> {
  const language = target === '/bn' || target.startsWith('/bn/') ? { language: 'bn' } : {};
  const { res } = await whenNotBusy(async () => {
    const res = await page.request.post(`${server.url}/api/auth/login`, { data: { email: demoEmail(role), password: demoPassword, ...language } });
    return { res, status: res.status(), retryAfter: res.headers()['retry-after'] ?? null };
  });
  if (!res.ok()) throw new Error(`Sign-in as ${role} failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as SignInAnswer;
}

/** The session as lib/session.ts `acceptSession` stores it, on the page's origin. */
async function storeSession(page: Page, answer: SignInAnswer): Promise<void> {
  await page.evaluate((session) => {
    localStorage.setItem('access-token', session.accessToken);
    localStorage.setItem('session-user', JSON.stringify(session.user));
    if (session.signOut) localStorage.setItem('session-sign-out', JSON.stringify(session.signOut));
  }, answer);
}

/**
 * A fresh page, signed in without the form and opened at `target`: the session is stored from a
 * small file of the app's origin (robots.txt: no app starts there), then `target` opens as a
 * signed-in person's next visit would, and is waited for until its screen's title shows.
 */
async function openSignedIn(page: Page, server: AppServer, role: DemoRole, target: string): Promise<void> {
  const answer = await signInByApi(page, server, role, target);
  await page.goto(`${server.url}/robots.txt`);
  await storeSession(page, answer);
  await page.goto(`${server.url}${target}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
  // The account's language may move the page to its other language's address (account-language.ts).
  const at = new URL(page.url());
  if (withoutBangla(`${at.pathname}${at.search}`) !== withoutBangla(target)) throw new Error(`Signed in as ${role}, ${target} opened at ${page.url()}`);
}

/** An address as its English page has it. */
function withoutBangla(address: string): string {
  const english = address.replace(/^\/bn(?=[/?]|$)/, '');
  return english === '' || english.startsWith('?') ? `/${english}` : english;
}

/**
 * Sends a sign-in (or a registration) again after a 503 once the server's Retry-After has passed,
 * as a client should: on a loaded machine the password-hash queue may be full for a moment (the
 * server sheds then).
 */
export async function whenNotBusy<R extends { status: number; retryAfter: string | null }>(send: () => Promise<R>): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const answer = await send();
    if (answer.status !== 503 || attempt === 5) return answer;
    await new Promise((resolve) => setTimeout(resolve, 1000 * Math.max(1, Number(answer.retryAfter) || 1)));
  }
}

/** An API client signed in as a demo account (its own session, apart from the browser's). */
export async function apiAs(server: AppServer, role: DemoRole) {
  const { res } = await whenNotBusy(async () => {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoEmail(role), password: demoPassword }),
    });
    return { res, status: res.status, retryAfter: res.headers.get('retry-after') };
  });
  if (!res.ok) throw new Error(`Sign-in as ${role} failed: ${res.status} ${await res.text()}`);
  const { accessToken, user } = (await res.json()) as SignInAnswer;
  const call = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${accessToken}`);
    if (init.body && typeof init.body === 'string') headers.set('content-type', 'application/json');
    return fetch(`${server.url}${path}`, { ...init, headers });
  };
  return {
    user,
    fetch: call,
    async json<T>(path: string, init?: RequestInit): Promise<T> {
      const answer = await call(path, init);
      if (!answer.ok) throw new Error(`${init?.method ?? 'GET'} ${path}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as T;
    },
  };
}

/** Reads the server's SQLite file, read-only, for checks after a journey. */
export function queryDb<T = Record<string, unknown>>(server: AppServer, query: string, ...params: unknown[]): T[] {
  const db = new Database(join(server.dataDir, 'insurance.sqlite'), { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Writes to the server's SQLite file, for rows no screen can make yet (a payment, say). */
export function writeDb(server: AppServer, query: string, ...params: unknown[]): void {
  const db = new Database(join(server.dataDir, 'insurance.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(query).run(...params);
  } finally {
    db.close();
  }
}
