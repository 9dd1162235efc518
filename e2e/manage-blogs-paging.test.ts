/**
 * Manage Blogs a page at a time (issue 17): with 25 blogs of the agent's and others' beside them,
 * the screen shows ten of the agent's own, pages with Next and Previous, and searches on the
 * server; an admin pages through everyone's.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext } from './support/browser.ts';
import { loginAs, queryDb, writeDb } from './support/login.ts';
import { insertBlog } from './support/public-site.ts';

const shared = useAppAndBrowser();
const day = 86_400_000;

describe('Manage Blogs with many blogs', () => {
  it("shows an agent's own blogs ten to a page, pages, and finds one by the server's search", async () => {
    const { server, browser } = shared;
    // A retry (CI runs a failed test once more, against the same server) starts from the rows
    // the first attempt started from, not from those plus its own 50: its counts and pages hold.
    writeDb(server, "DELETE FROM blogs WHERE (title LIKE 'Field note %' AND author_email = 'agent@demo.local') OR (title LIKE 'Someone else''s note %' AND author_email = 'other@demo.local')");
    for (let n = 1; n <= 25; n += 1) {
      insertBlog(server, {
        title: `Field note ${n}`,
        content: n === 17 ? 'About the monsoon claims desk.' : `Plain words ${n}.`,
        author_name: 'Tanvir Ahmed',
        author_email: 'agent@demo.local',
        publish_date: new Date(Date.UTC(2030, 0, 1) + n * day).toISOString(),
      });
      insertBlog(server, { title: `Someone else's note ${n}`, author_name: 'Other Agent', author_email: 'other@demo.local' });
    }
    const own = queryDb<{ n: number }>(server, "SELECT count(*) AS n FROM blogs WHERE author_email = 'agent@demo.local'")[0]!.n;
    expect(own).toBeGreaterThanOrEqual(25);

    const page = await (await newContext(browser, { width: 1280, height: 900 })).newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/api/blogs/manage')) asked.push(url.search);
    });
    await loginAs(page, server, 'agent', '/dashboard/manageBlogs');
    const nav = page.getByRole('navigation', { name: 'Blogs pages' });
    const rows = page.getByRole('table', { name: 'My Blogs' }).locator('tbody tr');
    await nav.getByText(`1–10 of ${own} · Page 1 of ${Math.ceil(own / 10)}`).waitFor();
    expect(await rows.count()).toBe(10);
    // Newest first: the agent's latest blog leads; nobody else's is listed.
    expect(await rows.first().innerText()).toContain('Field note 25');
    expect((await rows.allInnerTexts()).some((text) => text.includes('Someone else'))).toBe(false);

    await nav.getByRole('button', { name: 'Next' }).click();
    await nav.getByText(`11–20 of ${own} · Page 2`).waitFor();
    expect(await rows.first().innerText()).toContain('Field note 15');
    await nav.getByRole('button', { name: 'Previous' }).click();
    await nav.getByText(`1–10 of ${own}`).waitFor();

    // The search is the server's: over content too, and only within the agent's own blogs.
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('monsoon');
    await nav.getByText('1–1 of 1 ').waitFor();
    expect(await rows.first().innerText()).toContain('Field note 17');
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill("someone else's");
    await page.getByText('No blogs match your search.').waitFor();
    expect(asked.some((search) => search.includes('q=monsoon'))).toBe(true);
    expect(asked.every((search) => search.includes('pageSize=10'))).toBe(true);
    await page.context().close();
  });

  it("pages through everyone's blogs for an admin", async () => {
    const { server, browser } = shared;
    const all = queryDb<{ n: number }>(server, 'SELECT count(*) AS n FROM blogs')[0]!.n;
    const page = await (await newContext(browser, { width: 1280, height: 900 })).newPage();
    await loginAs(page, server, 'admin', '/dashboard/manageBlogs');
    const nav = page.getByRole('navigation', { name: 'Blogs pages' });
    await nav.getByText(`1–10 of ${all} · Page 1 of ${Math.ceil(all / 10)}`).waitFor();
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill("someone else's note 2");
    // Notes 2 and 20-25 of the other agent.
    await nav.getByText('1–7 of 7 ').waitFor();
    expect(await page.getByRole('table', { name: 'All Blogs' }).locator('tbody tr').count()).toBe(7);
    await page.context().close();
  });
});
