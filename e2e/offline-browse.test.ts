/**
 * Offline after one visit (issue 7, decisions.md "Offline and sync"): the app shell comes from
 * the service worker's precache and the content from the local copy, so with the network off
 * a reload still shows the app, and the catalogue, a policy, the blogs, the FAQ, the agents
 * and the quote calculator all work. The app is installable: a manifest with the icons.
 */
import { describe, expect, it } from 'vitest';
import { calculateQuote } from './support/application-form.ts';
import { newContext } from './support/browser.ts';
import { offlineJourney, reloadOffline, waitForLocalCopy, waitForServiceWorker } from './support/offline.ts';
import { followMainNav } from './support/main-nav.ts';

const journey = offlineJourney();

interface Named {
  id: string;
  title: string;
}

describe('installable', () => {
  it('links a web app manifest with 192 and 512 icons, a maskable one, and the brand colour', async () => {
    const page = await (await newContext(journey.browser)).newPage();
    await page.goto(journey.server.url);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const res = await fetch(new URL(href!, journey.server.url));
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'LifeSure Insurance', start_url: '/', scope: '/', display: 'standalone', theme_color: '#0f5e9c' });
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.background_color).toBeTruthy();
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toContain('192x192');
    expect(sizes).toContain('512x512');
    expect(manifest.icons.some((icon) => icon.purpose?.includes('maskable'))).toBe(true);
    for (const icon of manifest.icons) {
      const png = await fetch(new URL(icon.src, journey.server.url));
      expect(png.status, icon.src).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
    }
    // The service worker script is always revalidated, so a deploy is seen on the next check.
    const sw = await fetch(`${journey.server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    await page.context().close();
  });
});

describe('offline after one visit', () => {
  it('reloads, browses the catalogue, a policy, blogs, the FAQ and the agents, and computes a quote', async () => {
    const policies = (await (await fetch(`${journey.server.url}/api/policies`)).json()) as Named[];
    const blogs = (await (await fetch(`${journey.server.url}/api/blogs`)).json()) as Named[];
    const agents = (await (await fetch(`${journey.server.url}/api/agents`)).json()) as { name: string }[];
    expect(policies.length).toBeGreaterThan(8);
    expect(blogs.length).toBeGreaterThan(0);
    expect(agents.length).toBeGreaterThan(0);

    const context = await newContext(journey.browser);
    const page = await context.newPage();
    // The one visit, online: the worker installs (and takes control), the local copy fills.
    await page.goto(journey.server.url);
    await waitForServiceWorker(page);
    await waitForLocalCopy(page);

    await context.setOffline(true);
    const apiCalls: string[] = [];
    page.on('requestfailed', (request) => apiCalls.push(request.url()));

    await reloadOffline(page);
    const header = page.getByRole('banner');
    await header.getByText('Offline', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Meet Our Agents' }).waitFor();
    await page.getByText(agents[0]!.name, { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: 'Frequently Asked Questions' }).waitFor();
    const faqButtons = page.locator('.faq').getByRole('button');
    expect(await faqButtons.count()).toBe(5);
    await faqButtons.first().click();
    await page.locator('.faq').getByRole('region').first().waitFor();

    // The catalogue, through the menu (a route chunk never loaded online comes from the precache).
    await followMainNav(page, 'All Policies');
    await page.getByRole('heading', { name: 'All Policies', level: 1 }).waitFor();
    const newest = policies[0]!;
    await page.getByRole('heading', { level: 3 }).first().waitFor();
    expect(await page.getByRole('link', { name: /View Details/ }).count()).toBe(8);
    // Search works on the local copy.
    await page.getByRole('searchbox').or(page.getByLabel(/search/i)).first().fill(newest.title);
    await page.getByRole('heading', { name: newest.title, level: 3 }).waitFor();
    await page.getByRole('link', { name: `View Details of ${newest.title}` }).click();
    await page.getByRole('heading', { name: newest.title, level: 1 }).waitFor();

    // Blogs, and one blog.
    await followMainNav(page, 'Blogs');
    await page.getByRole('heading', { name: 'All Blogs', level: 1 }).waitFor();
    await page.getByText(blogs[0]!.title).first().waitFor();

    // Any route opens offline, typed in directly (the worker answers navigations with the app).
    await page.goto(`${journey.server.url}/blogs/${encodeURIComponent(blogs[0]!.id)}`);
    await page.getByRole('heading', { name: blogs[0]!.title, level: 1 }).waitFor();
    await page.goto(`${journey.server.url}/policies/${encodeURIComponent(policies[1]!.id)}`);
    await page.getByRole('heading', { name: policies[1]!.title, level: 1 }).waitFor();

    // The quote calculator needs no network at all.
    await page.goto(`${journey.server.url}/get-quote`);
    await calculateQuote(page, { age: '35', coverage: '500000', years: '10', gender: 'Male', smoker: 'No' });
    await page.getByRole('heading', { name: 'Your estimate' }).waitFor();
    // 5 lakh x 5 x 1.5 (age) x 1.1 (male) x 1 x 1 (10 years) / 10 = 4.125 a year.
    const totals = await page.locator('.quote__totals').innerText();
    expect(totals).toContain('4.13');
    expect(totals).toContain('0.34');

    // Nothing showed a blank page or an error state on the way.
    expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
    await context.close();
  });
});
