/**
 * An unknown policy or blog id says so (the API's 404), instead of a network failure with a
 * Try Again that can never succeed.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { newContext } from './support/browser.ts';

const app = useAppAndBrowser();

describe('not found', () => {
  it('says an unknown policy is not found, with a way to the catalogue', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(`${app.server.url}/policies/no-such-policy`);
    await page.getByRole('heading', { name: 'Policy Not Found' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
    expect(await page.getByText('Failed to fetch policy details.').count()).toBe(0);
    await expectNoAxeViolations(page, 'Policy Not Found');
    await page.getByRole('link', { name: 'Browse All Policies' }).click();
    await page.waitForURL(/\/all-policies$/);
  });

  it('says an unknown blog is not found, with a way to all blogs', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(`${app.server.url}/blogs/no-such-blog`);
    await page.getByRole('heading', { name: 'Blog Not Found' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'Blog Not Found');
    await page.getByRole('link', { name: 'All Blogs' }).click();
    await page.waitForURL(/\/blogs$/);
  });

  it('still offers Try Again when the app.server cannot be reached', async () => {
    const context = await newContext(app.browser);
    const page = await context.newPage();
    // The request fails outright (no answer at all): that is a network failure, not a 404.
    await page.route('**/api/blogs/another-blog', (route) => route.abort('failed'));
    await page.goto(`${app.server.url}/blogs/another-blog`);
    await page.getByText('Failed to load blog. Please try again.').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('heading', { name: 'Blog Not Found' }).count()).toBe(0);
  });
});
