/** All Blogs (/blogs) and a blog post (/blogs/:id): previews, plain-text content, states. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Blog } from '../edge-api/src/db/blogs.ts';
import { startAppServer, useAppAndBrowser } from './support/app-server.ts';
import { newContext } from './support/browser.ts';
import { waitForLocalCopy } from './support/page-state.ts';
import { insertBlog } from './support/public-site.ts';

const app = useAppAndBrowser();
let blogs: Blog[];

beforeAll(async () => {
  blogs = (await (await fetch(`${app.server.url}/api/blogs`)).json()) as Blog[];
});

describe('All Blogs', () => {
  it('lists every post, newest first, with a 100-character preview, each linking to its page', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(`${app.server.url}/blogs`);
    await page.getByRole('heading', { name: 'All Blogs', level: 1 }).waitFor();
    await page.getByRole('article').first().waitFor();
    expect(await page.getByRole('article').getByRole('heading').allTextContents()).toEqual(blogs.map((b) => b.title));
    const first = page.getByRole('article').first();
    const preview = (await first.locator('.card__text').textContent())!;
    expect(preview).toBe(`${blogs[0]!.content.slice(0, 100).trimEnd()}…`);
    await first.getByText(blogs[0]!.authorName).waitFor();

    await first.getByRole('link', { name: blogs[0]!.title }).click();
    await page.getByRole('heading', { level: 1, name: blogs[0]!.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/blogs/${blogs[0]!.id}`);
    const date = new Date(blogs[0]!.publishDate).toLocaleDateString('en-IN', { year: 'numeric', month: 'short', day: 'numeric' });
    await page.getByText(`by ${blogs[0]!.authorName} on ${date}`).waitFor();
    const paragraphs = blogs[0]!.content.split('\n\n');
    expect(await page.locator('.blog__content p').allTextContents()).toEqual(paragraphs);
    await page.context().close();
  });

  it('shows a post written with markup as plain text, never as HTML', async () => {
    const hostile = insertBlog(app.server, {
      title: 'Markup is text here',
      content: '<img src="/nope.png" onerror="window.__injected = true"><b>bold?</b>\n\nSecond paragraph.',
      author_name: 'Mallory',
    });
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(`${app.server.url}/blogs/${hostile.id}`);
    await page.getByRole('heading', { level: 1, name: 'Markup is text here' }).waitFor();
    await page.getByText('<img src="/nope.png" onerror="window.__injected = true"><b>bold?</b>').waitFor();
    await page.getByText('Second paragraph.').waitFor();
    expect(await page.locator('.blog__content img, .blog__content b').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
    await page.context().close();
  });

  it('reads a post from the local copy when the API is stopped', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(`${app.server.url}/blogs`);
    // Posts are found by their titles, not their places: the list also holds the post an earlier
    // test of this file added, dated by the factories (when that date ran ahead of the demo's,
    // "the second post" was another one, and a clean-clone run failed both attempts).
    const post = (title: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    await post(blogs[0]!.title).getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: blogs[0]!.title }).waitFor();
    await page.getByRole('link', { name: '← All Blogs' }).click();
    const second = post(blogs[1]!.title);
    await second.waitFor();
    // The copy fills once the visitor has acted (the click above); stopping the API before it
    // had arrived left nothing to read (seen on a loaded machine, both attempts).
    await waitForLocalCopy(page);
    await app.server.stop();
    try {
      await second.getByRole('link').click();
      await page.getByRole('heading', { level: 1, name: blogs[1]!.title }).waitFor();
    } finally {
      await app.server.start();
    }
    await page.context().close();
  });

  it('says what went wrong when the blogs or a post cannot be loaded', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.route((url) => url.pathname === '/api/sync', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal","message":"boom"}' }),
    );
    await page.goto(`${app.server.url}/blogs`);
    await page.getByText('Failed to load blogs. Please try again.').waitFor();
    await page.getByRole('button', { name: 'Try Again' }).waitFor();

    await page.route((url) => url.pathname.startsWith('/api/blogs/'), (route) =>
      route.request().resourceType() === 'document'
        ? route.continue()
        : route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal","message":"boom"}' }),
    );
    await page.goto(`${app.server.url}/blogs/${blogs[2]!.id}`);
    await page.getByText('Failed to load blog. Please try again.').waitFor();
    await page.context().close();

    const fresh = await (await newContext(app.browser)).newPage();
    // An id the server does not know is not a failure: it says so (e2e/not-found.test.ts).
    await fresh.goto(`${app.server.url}/blogs/no-such-blog`);
    await fresh.getByRole('heading', { name: 'Blog Not Found' }).waitFor();
    await fresh.context().close();
  });

  it('says so when nothing has been published', async () => {
    const empty = await startAppServer({ seed: false });
    try {
      const page = await (await newContext(app.browser)).newPage();
      await page.goto(`${empty.url}/blogs`);
      await page.getByText('No blogs have been published yet.').waitFor();
      await page.context().close();
    } finally {
      await empty.dispose();
    }
  });
});
