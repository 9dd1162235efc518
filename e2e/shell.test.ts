import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext } from './support/browser.ts';
import { expectedScriptsLink } from './support/page-scripts.ts';

const app = useAppAndBrowser();

describe('the app shell', () => {
  it('serves the app at / and the API beside it on one port', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(app.server.url);
    await page.getByRole('navigation', { name: 'Main', includeHidden: true }).getByRole('link', { name: 'Login', includeHidden: true }).waitFor({ state: 'attached' });
    const api = await fetch(`${app.server.url}/api/policies`);
    expect(api.headers.get('content-type')).toContain('application/json');
    await page.context().close();
  });

  it('answers a page URL with the app to any client, and an unknown /api path with a JSON 404', async () => {
    const [policy] = (await (await fetch(`${app.server.url}/api/policies`)).json()) as { id: string }[];
    for (const accept of ['application/json', '*/*', 'text/html']) {
      const page = await fetch(`${app.server.url}/policies/${policy!.id}`, { headers: { accept } }); // a page URL
      expect(page.headers.get('content-type'), accept).toContain('text/html');
    }
    const missing = await fetch(`${app.server.url}/api/no-such-endpoint`, { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect(((await missing.json()) as { error: string }).error).toBe('not_found');
  });

  it("names a prerendered page's scripts in its answer's headers, so they are asked for before the HTML is read", async () => {
    const [policy] = (await (await fetch(`${app.server.url}/api/policies`)).json()) as { id: string }[];
    for (const path of ['/', '/bn', '/all-policies', `/policies/${policy!.id}`, '/bn/about', '/bn/get-quote']) {
      const res = await fetch(`${app.server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('link'), path).toBe(expectedScriptsLink(await res.text()));
    }
    // Not the page the build rendered (a query), nor a page it never renders: the app shell, no list.
    for (const path of ['/all-policies?search=term', '/login']) {
      const res = await fetch(`${app.server.url}${path}`);
      expect(await res.text(), path).toContain('<div id="root"></div>');
      expect(res.headers.get('link'), path).toBeNull();
    }
  });

  it('shows the policy page, never JSON, when Back returns to a policy opened on a first visit', async () => {
    // No service worker: the first visit, before one controls the page, is where Back used to
    // bring back the JSON answer that shared the page's URL.
    const context = await app.browser.newContext({ viewport: { width: 360, height: 780 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    const [policy] = (await (await fetch(`${app.server.url}/api/policies`)).json()) as { id: string; title: string }[];
    await page.goto(`${app.server.url}/policies/${policy!.id}`);
    await page.getByRole('heading', { name: policy!.title }).first().waitFor();
    await page.goto(`${app.server.url}/about`);
    await page.getByRole('heading', { name: 'About LifeSure Insurance' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: policy!.title }).first().waitFor();
    expect(await page.evaluate(() => document.contentType)).toBe('text/html');
    expect(await page.locator('body').innerText()).not.toContain('"id":');
    await context.close();
  });

  it('opens a deep link as the app, and an unknown path as 404 Not Found', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(`${app.server.url}/no/such/page`);
    await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
    await page.goto(`${app.server.url}/forbidden`);
    await page.getByRole('heading', { name: '403 Forbidden' }).waitFor();
    await page.context().close();
  });
});
