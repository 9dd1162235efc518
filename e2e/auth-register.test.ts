/**
 * /register: name, email, password and a profile picture checked in the browser (an image,
 * at most 10MB) before anything is sent; the server's refusals shown; back to the page of origin.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext, type Page } from './support/browser.ts';
import { followMainNav } from './support/main-nav.ts';
import { fillCredentials, submitRefused, toast } from './support/public-site.ts';

const app = useAppAndBrowser();

const onePixelGif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const onePixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function openRegister(): Promise<{ page: Page; registerCalls: string[] }> {
  const page = await (await newContext(app.browser)).newPage();
  const registerCalls: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname === '/api/auth/register' && registerCalls.push(r.method()));
  await page.goto(`${app.server.url}/register`);
  await page.getByRole('heading', { name: 'Register' }).waitFor();
  return { page, registerCalls };
}

async function fillAccount(page: Page, email: string) {
  await page.getByLabel('Name').fill('Amina Khatun');
  await fillCredentials(page, email, 'secret123');
}

describe('registration', () => {
  it('needs a name, an email and a password of at least 6 characters', async () => {
    const { page, registerCalls } = await openRegister();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Password').fill('abc');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Password must be at least 6 characters').waitFor();
    expect(registerCalls).toEqual([]);
    await page.context().close();
  });

  it('refuses a picture that is not an image, or larger than 10MB, before uploading it', async () => {
    const { page, registerCalls } = await openRegister();
    await fillAccount(page, 'picture-checks@example.test');
    await page.getByLabel('Profile picture').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await page.getByText('Please upload an image file (jpg, png, etc.)').waitFor();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Please upload an image file (jpg, png, etc.)').waitFor();

    const tooLarge = Buffer.alloc(10 * 1024 * 1024 + 1);
    onePixelPng.copy(tooLarge);
    await page.getByLabel('Profile picture').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: tooLarge });
    await page.getByText('Maximum size is 10MB').waitFor();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Maximum size is 10MB').waitFor();
    expect(registerCalls).toEqual([]);
    await page.context().close();
  });

  it("shows the server's refusals: a fake picture, and an email already taken", async () => {
    const { page, registerCalls } = await openRegister();
    await fillAccount(page, 'fake-picture@example.test');
    // Named and typed as a PNG, but its bytes are not an image: the device reads them before preparing it.
    await page.getByLabel('Profile picture').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    await page.getByText('Please upload an image file (jpg, png, etc.)').waitFor();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Please upload an image file (jpg, png, etc.)').waitFor();
    expect(registerCalls).toEqual([]);
    // A small GIF goes as it is (its animation kept): one cut short is the server's to refuse.
    await page.getByLabel('Profile picture').setInputFiles({ name: 'wave.gif', mimeType: 'image/gif', buffer: onePixelGif.subarray(0, onePixelGif.length - 4) });
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await toast(page, 'Image Upload Failed').getByText('Please try again!').waitFor();
    await page.getByText('This image file is damaged or incomplete. Please choose another image.').waitFor();

    await page.getByLabel('Profile picture').setInputFiles([]);
    await fillCredentials(page, 'user@demo.local');
    await submitRefused(page, 'Register', 'Registration Failed', 'An account with this email already exists.');
    await page.context().close();
  });

  it('creates the account with its picture and returns to the page of origin, signed in', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(`${app.server.url}/about`);
    await followMainNav(page, 'Login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Register' }).waitFor();
    await fillAccount(page, 'amina@example.test');
    await page.getByLabel('Profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: onePixelPng });
    await page.getByRole('img', { name: 'Your chosen profile picture' }).waitFor();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByRole('heading', { name: 'Our Mission' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');
    await toast(page, 'Registration successful', 'status').waitFor();
    await page.getByRole('navigation', { name: 'Main', includeHidden: true }).getByRole('link', { name: 'Dashboard', includeHidden: true }).waitFor({ state: 'attached' });

    // The account exists with its picture stored by our API.
    const login = await fetch(`${app.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'amina@example.test', password: 'secret123' }),
    });
    const answer = (await login.json()) as { user: { name: string; photoURL: string | null } };
    expect(answer.user.name).toBe('Amina Khatun');
    // Prepared on the phone before it was sent: a JPEG.
    expect(answer.user.photoURL).toMatch(/^\/api\/images\/.+\.jpg$/);
    expect((await fetch(`${app.server.url}${answer.user.photoURL}`)).headers.get('content-type')).toBe('image/jpeg');
    await page.context().close();
  });

  it('offers Google, disabled when it is not configured', async () => {
    const { page } = await openRegister();
    await page.getByText('Google sign-in is not configured.').waitFor();
    expect(await page.getByRole('button', { name: 'Continue with Google' }).isDisabled()).toBe(true);
    await page.context().close();
  });
});
