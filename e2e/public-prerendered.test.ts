/**
 * First paint without JavaScript (issue 18): the public pages come as HTML the build
 * prerendered (scripts/prerender.ts), the browser hydrates that HTML instead of replacing it,
 * with no hydration errors and every interaction working, and offline the service worker
 * serves the same prerendered pages.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { calculateQuote } from './support/application-form.ts';
import { newContext, type Page } from './support/browser.ts';
import { hydrated, openWithAppHeld } from './support/held-app.ts';
import { queryDb } from './support/login.ts';
import { offlineJourney, waitForServiceWorker } from './support/offline.ts';

const journey = offlineJourney();

interface ApiPolicy {
  id: string;
  title: string;
}

const policyId = 'demo-shurokkha-term-shield';
const publicPages = ['/', '/all-policies', `/policies/${policyId}`, '/get-quote', '/blogs', '/about', '/contact'];

/** What curl gets: the HTML as served, no script run. */
const curl = async (path: string) => {
  const res = await fetch(new URL(path, journey.server.url), { headers: { accept: '*/*' } });
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type'), path).toContain('text/html');
  const html = await res.text();
  // The stylesheets come inline (no round trip before the first paint), allowed by their hash only.
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
  expect(style, path).toBeTruthy();
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp, path).toContain(`'sha256-${createHash('sha256').update(style!).digest('base64')}'`);
  expect(csp, path).not.toContain('unsafe-inline');
  return html;
};

/**
 * Opens a page recording console errors and page errors, and keeps a handle on the first
 * element of the prerendered #root as the parser made it: hydration keeps that very element,
 * a fresh client render would replace it.
 */
async function openRecorded(path: string) {
  const page = await (await newContext(journey.browser)).newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
  });
  await page.addInitScript(() => {
    const keep = () => {
      const first = document.querySelector('#root .page');
      if (first) (window as unknown as { prerenderedNode: Element }).prerenderedNode = first;
    };
    document.addEventListener('readystatechange', keep);
  });
  await page.goto(new URL(path, journey.server.url).href);
  return { page, errors, stylesheets };
}

const keptPrerenderedNode = (page: Page) =>
  page.evaluate(() => {
    const kept = (window as unknown as { prerenderedNode?: Element }).prerenderedNode;
    return kept !== undefined && kept.isConnected && document.querySelector('#root .page') === kept;
  });

describe('prerendered public pages', () => {
  it('answers curl of / and /all-policies with the hero heading and the first policy titles', async () => {
    const policies = (await (await fetch(new URL('/api/policies', journey.server.url))).json()) as ApiPolicy[];
    const home = await curl('/');
    expect(home).toContain('Secure Your Tomorrow Today');
    const catalogue = await curl('/all-policies');
    expect(catalogue).toContain('<h1>All Policies</h1>');
    for (const policy of policies.slice(0, 8)) expect(catalogue).toContain(policy.title);
    // The data to hydrate with is a file of its own. The inline scripts are the early leave in
    // every page's head (decision 0092), the home's carried quote page (0121) and the catalogue's
    // early search (0091), by hash only.
    const inlineScripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    const [leave, earlyPage, ...homeOthers] = inlineScripts(home);
    expect(homeOthers).toEqual([]);
    expect(home.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toHaveLength(2);
    const homeCsp = (await fetch(new URL('/', journey.server.url))).headers.get('content-security-policy') ?? '';
    expect(homeCsp).toContain(`'sha256-${createHash('sha256').update(earlyPage!).digest('base64')}'`);
    const inline = inlineScripts(catalogue);
    expect(inline).toHaveLength(2);
    expect(inline[0]).toBe(leave);
    const csp = (await fetch(new URL('/all-policies', journey.server.url))).headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src ')) ?? '';
    for (const script of inline) expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(catalogue).toContain('data-prerendered-data="/pages/all-policies.json"');
  });

  it('shows each public page without JavaScript', async () => {
    const context = await journey.browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const headings: Record<string, string> = {
      '/': 'Secure Your Tomorrow Today',
      '/all-policies': 'All Policies',
      [`/policies/${policyId}`]: 'Shurokkha Term Shield',
      '/get-quote': 'Get a Free Quote',
      '/blogs': 'All Blogs',
      '/about': 'About LifeSure Insurance',
      '/contact': 'Contact Us',
    };
    for (const path of publicPages) {
      await page.goto(new URL(path, journey.server.url).href);
      expect(await page.locator('main').getByRole('heading', { name: headings[path] }).first().isVisible(), path).toBe(true);
    }
    await page.goto(new URL('/all-policies', journey.server.url).href);
    expect(await page.getByRole('article').count()).toBe(8);
    await context.close();
  });

  it('hydrates every public page in place, with no errors in the console', async () => {
    for (const path of publicPages) {
      const { page, errors, stylesheets } = await openRecorded(path);
      await expect.poll(() => hydrated(page), { message: path }).toBe(true);
      expect(await keptPrerenderedNode(page), path).toBe(true);
      expect(errors, path).toEqual([]);
      // Its styles came inline: hydrating fetched none of them again (a round trip on 2G).
      expect(stylesheets, path).toEqual([]);
      await page.context().close();
    }
  });

  it('keeps what was typed before the app hydrated: the search answers, the quote uses it', async () => {
    const catalogue = await openWithAppHeld(journey.browser, new URL('/all-policies', journey.server.url).href);
    let page = catalogue.page;
    await page.getByLabel('Search policies').pressSequentially('Shurokkha');
    expect(await hydrated(page)).toBe(false);
    catalogue.release();
    await expect.poll(() => hydrated(page)).toBe(true);
    await expect.poll(() => page.getByRole('article').getByRole('heading').allTextContents()).toEqual(['Shurokkha Term Shield']);
    expect(await page.getByLabel('Search policies').inputValue()).toBe('Shurokkha');
    await page.context().close();

    const quote = await openWithAppHeld(journey.browser, new URL('/get-quote', journey.server.url).href);
    page = quote.page;
    // Calculate pressed before the app hydrated does nothing (no reload), and loses nothing.
    await calculateQuote(page, { age: '30', coverage: '1000000', years: '10', gender: 'Female', smoker: 'No' });
    quote.release();
    await expect.poll(() => hydrated(page)).toBe(true);
    await page.getByRole('button', { name: 'Calculate Premium' }).click();
    const totals = page.locator('dl.quote__totals');
    await totals.getByText('Monthly premium').waitFor();
    const early = await totals.innerText();
    // The same estimate as the same answers typed into the hydrated page.
    await page.reload();
    await expect.poll(() => hydrated(page)).toBe(true);
    await calculateQuote(page, { age: '30', coverage: '1000000', years: '10', gender: 'Female', smoker: 'No' });
    await totals.getByText('Monthly premium').waitFor();
    expect(early).toBe(await totals.innerText());
    await page.context().close();
  });

  it('sends a newsletter sign-up and a contact message pressed before the app hydrated, once it has, as typed', async () => {
    const email = `early-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const home = await openWithAppHeld(journey.browser, new URL('/', journey.server.url).href);
    let page = home.page;
    const newsletter = page.locator('.newsletter__form');
    await newsletter.getByLabel('Name').fill('Early Visitor');
    await newsletter.getByLabel('Email').fill(email);
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    // Nothing sent by the browser itself: no reload, and no email in the address.
    expect(await hydrated(page)).toBe(false);
    expect(new URL(page.url()).search).toBe('');
    home.release();
    await newsletter.locator('.newsletter__outcome').getByText('Thank you for subscribing!').waitFor();
    expect(queryDb(journey.server, 'SELECT name FROM newsletter_subscribers WHERE email = ?', email)).toEqual([{ name: 'Early Visitor' }]);
    expect(new URL(page.url()).search).toBe('');
    expect(home.errors).toEqual([]);
    await page.context().close();

    const contact = await openWithAppHeld(journey.browser, new URL('/contact', journey.server.url).href);
    page = contact.page;
    await page.getByLabel('Name').fill('Early Visitor');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Message').fill('Written before the page had its app.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await hydrated(page)).toBe(false);
    expect(new URL(page.url()).search).toBe('');
    contact.release();
    await page.getByText('Thank you: your message reached our support team.', { exact: false }).waitFor();
    expect(queryDb(journey.server, 'SELECT message FROM support_messages WHERE email = ?', email)).toEqual([{ message: 'Written before the page had its app.' }]);
    expect(contact.errors).toEqual([]);
    await page.context().close();
  });

  it('keeps search, pager, quote and newsletter working after hydration', async () => {
    const catalogue = await openRecorded('/all-policies');
    let page = catalogue.page;
    await expect.poll(() => hydrated(page)).toBe(true);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.getByLabel('Search policies').fill('Shurokkha');
    await expect.poll(() => page.getByRole('article').getByRole('heading').allTextContents()).toEqual(['Shurokkha Term Shield']);
    expect(catalogue.errors).toEqual([]);
    await page.context().close();

    const quote = await openRecorded('/get-quote');
    page = quote.page;
    await expect.poll(() => hydrated(page)).toBe(true);
    await calculateQuote(page, { age: '30', coverage: '1000000', years: '10', gender: 'Female', smoker: 'No' });
    await page.locator('dl.quote__totals').getByText('Monthly premium').waitFor();
    expect(quote.errors).toEqual([]);
    await page.context().close();

    const home = await openRecorded('/');
    page = home.page;
    await expect.poll(() => hydrated(page)).toBe(true);
    const newsletter = page.getByRole('region', { name: 'Stay Updated!' });
    await newsletter.getByLabel('Name').fill('Rahim Uddin');
    await newsletter.getByLabel('Email').fill(`rahim-${Date.now()}@example.test`);
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await newsletter.getByText('Thank you for subscribing!').waitFor();
    expect(home.errors).toEqual([]);
    await page.context().close();
  });

  it('checks a form with the shared schemas without any Content-Security-Policy violation', async () => {
    const context = await newContext(journey.browser);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    await page.goto(new URL('/login', journey.server.url).href);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // The message comes from the shared zod schema: its module has run by now.
    await page.getByText('Email is required').waitFor();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    await context.close();
  });

  it('starts the app-shell pages (sign-in, registration) with no warning or error in the console', async () => {
    const context = await newContext(journey.browser);
    const page = await context.newPage();
    const said: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') said.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => said.push(error.message));
    for (const [path, heading] of [['/login', 'Login'], ['/register', 'Register']] as const) {
      await page.goto(new URL(path, journey.server.url).href);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(said).toEqual([]);
    await context.close();
  });

  it('serves the prerendered pages it has opened offline, the app shell for the others and for signed-in screens', async () => {
    const context = await newContext(journey.browser);
    const page = await context.newPage();
    await page.goto(journey.server.url);
    await waitForServiceWorker(page);
    // Pages are kept as they are opened (issue 32), not precached as a block.
    const opened = ['/about', '/all-policies', `/policies/${policyId}`];
    for (const path of opened) {
      await page.goto(new URL(path, journey.server.url).href);
      await expect.poll(() => hydrated(page), { message: path }).toBe(true);
    }
    await context.setOffline(true);
    for (const path of [...opened, '/']) {
      await page.goto(new URL(path, journey.server.url).href);
      expect(await page.locator('#root').getAttribute('data-prerendered'), path).toBe(path);
      await expect.poll(() => hydrated(page), { message: path }).toBe(true);
    }
    expect(await page.getByRole('heading', { name: 'Secure Your Tomorrow Today' }).first().isVisible()).toBe(true);
    // Never opened: the app shell shows the page from the device's copy.
    await page.goto(new URL('/contact', journey.server.url).href);
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBeNull();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(new URL('/dashboard', journey.server.url).href);
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBeNull();
    await context.close();
  });
});
