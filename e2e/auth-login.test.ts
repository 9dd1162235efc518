/**
 * /login: the spec's checks and messages, returning to the page of origin, and Google sign-in
 * (disabled without configuration; with it, Google's button script is loaded and its ID token
 * signs the user in; a local OpenID issuer stands in for Google, a stub for its script).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalIssuer, type LocalIssuer } from '../edge-api/test/support/oidc-issuer.ts';
import { startAppServer, useAppAndBrowser, type AppServer } from './support/app-server.ts';
import { newContext } from './support/browser.ts';
import { fillCredentials, signInThroughForm, submitRefused, toast } from './support/public-site.ts';
import { followMainNav } from './support/main-nav.ts';

const app = useAppAndBrowser();

describe('login', () => {
  it('checks the email and the password before asking the server', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(`${app.server.url}/login`);
    const calls: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/auth/login') && calls.push(r.url()));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await fillCredentials(page, 'user@demo.local', '12345');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Password must be at least 6 characters').waitFor();
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    await page.context().close();
  });

  it('shows "Login failed" with the server message for a wrong password', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(`${app.server.url}/login`);
    await fillCredentials(page, 'user@demo.local', 'wrong-password');
    await submitRefused(page, 'Login', 'Login failed', 'Invalid email or password.');
    await page.context().close();
  });

  it('returns to the page the user came from, with a short success toast', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(`${app.server.url}/blogs`);
    await page.getByRole('heading', { name: 'All Blogs' }).waitFor();
    await followMainNav(page, 'Login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await signInThroughForm(page, 'user@demo.local');
    await page.getByRole('heading', { name: 'All Blogs' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/blogs');
    const success = toast(page, 'Login successful', 'status');
    await success.waitFor();
    await success.waitFor({ state: 'detached', timeout: 3000 }); // 1500 ms
    await page.getByRole('navigation', { name: 'Main', includeHidden: true }).getByRole('link', { name: 'Dashboard', includeHidden: true }).waitFor({ state: 'attached' });
    await page.context().close();
  });

  it('goes to / when opened directly', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(`${app.server.url}/login`);
    await signInThroughForm(page, 'agent@demo.local');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('shows the Google button disabled when Google is not configured, without loading its script', async () => {
    const page = await (await newContext(app.browser)).newPage();
    const google: string[] = [];
    page.on('request', (r) => r.url().startsWith('https://accounts.google.com') && google.push(r.url()));
    await page.goto(`${app.server.url}/login`);
    const button = page.getByRole('button', { name: 'Continue with Google' });
    await page.getByText('Google sign-in is not configured.').waitFor();
    expect(await button.isDisabled()).toBe(true);
    expect(google).toEqual([]);
    await page.context().close();
  });
});

describe('Google sign-in, configured', () => {
  const clientId = 'e2e-client.apps.example';
  let issuer: LocalIssuer;
  let configured: AppServer;

  beforeAll(async () => {
    issuer = await startLocalIssuer({ clientId });
    configured = await startAppServer({ env: { GOOGLE_ISSUER: issuer.issuer, GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_COOLDOWN_SECONDS: '0' } });
  });
  afterAll(async () => {
    await configured?.dispose();
    await issuer?.stop();
  });

  /** Stands in for https://accounts.google.com/gsi/client: its button hands over `idToken`. */
  const gsiStub = (idToken: string) => `
    window.google = { accounts: { id: {
      initialize(options) { window.__gsiOptions = options; },
      renderButton(parent) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Sign in with Google';
        button.addEventListener('click', () => window.__gsiOptions.callback({ credential: ${JSON.stringify(idToken)} }));
        parent.append(button);
      },
    } } };`;

  it("loads Google's script with our client id, and its ID token signs the user in and returns", async () => {
    const idToken = await issuer.idToken({ sub: 'google-user-1', email: 'amina@example.test', name: 'Amina Khatun' });
    const page = await (await newContext(app.browser)).newPage();
    let scriptRequests = 0;
    await page.route('https://accounts.google.com/gsi/client', (route) => {
      scriptRequests += 1;
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: gsiStub(idToken) });
    });
    await page.goto(`${configured.url}/about`);
    await followMainNav(page, 'Login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.getByRole('heading', { name: 'Our Mission' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(scriptRequests).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __gsiOptions: { client_id: string } }).__gsiOptions.client_id)).toBe(clientId);
    await page.getByRole('navigation', { name: 'Main', includeHidden: true }).getByRole('link', { name: 'Dashboard', includeHidden: true }).waitFor({ state: 'attached' });
    await page.context().close();
  });

  it('shows "Login failed" with the reason when the token is refused', async () => {
    const expired = await issuer.idToken({ sub: 'google-user-2', email: 'late@example.test' }, { expiresIn: -60 });
    const page = await (await newContext(app.browser)).newPage();
    await page.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: gsiStub(expired) }),
    );
    await page.goto(`${configured.url}/login`);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await toast(page, 'Login failed').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });
});
