/** About (/about), Contact (/contact, the message stored for the support inbox), and the header and footer around them. */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext } from './support/browser.ts';
import { recordApiCalls } from './support/public-site.ts';
import { openMainNav } from './support/main-nav.ts';
import { queryDb } from './support/login.ts';

const app = useAppAndBrowser();

describe('About', () => {
  it('states the mission, the vision and the three core values', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(`${app.server.url}/about`);
    await page.getByRole('heading', { name: 'Our Mission' }).waitFor();
    await page.getByRole('heading', { name: 'Our Vision' }).waitFor();
    const values = page.getByRole('region', { name: 'Our Core Values' });
    expect(await values.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Integrity', 'Customer First', 'Innovation']);
    await page.context().close();
  });
});

describe('Contact', () => {
  it('needs every field, then stores the message, tells when to expect an answer, and clears', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(`${app.server.url}/contact`);
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor();
    await page.waitForLoadState('networkidle');
    const calls = recordApiCalls(page, app.server.url);

    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Message is required').waitFor();
    expect(calls.filter((call) => call !== 'GET /api/sync')).toEqual([]);

    await page.getByLabel('Name').fill('Rahim Uddin');
    await page.getByLabel('Email').fill('rahim@example.test');
    await page.getByLabel('Message').fill('Do you have plans for my parents?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thank you: your message reached our support team. We will answer by email within 2 working days.').waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    expect(await page.getByLabel('Email').inputValue()).toBe('');
    expect(await page.getByLabel('Message').inputValue()).toBe('');
    expect(calls.filter((call) => call !== 'GET /api/sync')).toEqual(['POST /api/support']);
    expect(queryDb(app.server, "SELECT name, email, message FROM support_messages WHERE email = 'rahim@example.test'")).toEqual([
      { name: 'Rahim Uddin', email: 'rahim@example.test', message: 'Do you have plans for my parents?' },
    ]);
    await page.context().close();
  });

  it('lists the contact details and social links', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(`${app.server.url}/contact`);
    const details = page.getByRole('complementary', { name: 'Reach us' });
    await details.getByText('House 12, Road 7, Dhanmondi, Dhaka 1205, Bangladesh').waitFor();
    await details.getByRole('link', { name: '+880 9612 345678' }).waitFor();
    await details.getByRole('link', { name: 'Facebook' }).waitFor();
    await page.context().close();
  });
});

describe('the header and footer', () => {
  it('links the public pages, Login for visitors and Dashboard once signed in', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(app.server.url);
    const nav = await openMainNav(page);
    for (const name of ['Home', 'All Policies', 'Blogs', 'About', 'Login']) await nav.getByRole('link', { name }).waitFor();
    expect(await nav.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);

    const footer = page.getByRole('contentinfo');
    await footer.getByText('House 12, Road 7, Dhanmondi, Dhaka 1205, Bangladesh').waitFor();
    await footer.getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { name: 'Our Mission' }).waitFor();
    await footer.getByRole('link', { name: 'Contact' }).click();
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor();
    await footer.getByRole('navigation', { name: 'Social' }).getByRole('link', { name: 'LinkedIn' }).waitFor();

    await (await openMainNav(page)).getByRole('link', { name: 'Login' }).click();
    // The sign-in form settles before typing into it: a client-side navigation keeps the page's
    // load state, so wait for what the form shows once its Google option has asked the server.
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Google sign-in is not configured.').waitFor();
    await page.getByLabel('Email').fill('user@demo.local');
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    const signedInNav = await openMainNav(page);
    await signedInNav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await signedInNav.getByRole('link', { name: 'Login' }).count()).toBe(0);
    await page.context().close();
  });

  it('is usable at 360 px: nothing wider than the screen', async () => {
    const page = await (await newContext(app.browser, { width: 360, height: 780 })).newPage();
    for (const path of ['/', '/all-policies', '/get-quote', '/policy-apply-from', '/blogs', '/about', '/contact', '/login', '/register']) {
      await page.goto(`${app.server.url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect({ path, width }).toEqual({ path, width: 360 });
    }
    await page.context().close();
  });
});
