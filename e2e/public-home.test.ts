/**
 * The home page (spec section 2, home page sections): hero, popular policies, latest blogs,
 * newsletter, agents and FAQ, with their loading, empty and error states.
 */
import { describe, expect, it } from 'vitest';
import { startAppServer, useAppAndBrowser } from './support/app-server.ts';
import { newContext, type Page } from './support/browser.ts';
import { waitForAppReady } from './support/page-state.ts';

const app = useAppAndBrowser();

async function openHome(url = app.server.url, size?: { width: number; height: number }, options: { fakeClock?: boolean } = {}): Promise<Page> {
  const page = await (await newContext(app.browser, size)).newPage();
  // The hero's timers run on a clock the test moves: "nothing changed after a full interval" is
  // then a fact about the page's timers, not about how long the test slept.
  if (options.fakeClock) await page.clock.install();
  await page.goto(url);
  return page;
}

/** One slide interval (5 s) and its fade, run on the page's fake clock. */
const aFullInterval = 6000;

describe('the rotating hero', () => {
  it('shows one slide at a time, rotates, pauses on request, and leads to the quote', async () => {
    const page = await openHome(undefined, undefined, { fakeClock: true });
    const hero = page.getByRole('region', { name: 'Highlights' });
    await hero.getByRole('heading', { name: 'Secure Your Tomorrow Today' }).waitFor();
    // Only the visible slide is exposed: the other headings are not in the accessibility tree.
    expect(await hero.getByRole('heading', { level: 2 }).count()).toBe(1);
    expect(await hero.getByRole('link', { name: 'Get a Free Quote' }).count()).toBe(1);

    // It moves on by itself after 5 s (with a 1 s fade).
    await page.clock.runFor(aFullInterval);
    await hero.getByRole('heading', { name: 'Protect What Matters Most' }).waitFor();
    expect(await hero.getByRole('heading', { name: 'Secure Your Tomorrow Today' }).count()).toBe(0);

    // The pause control stops it; the dots go to a slide.
    await hero.getByRole('button', { name: 'Stop slide rotation' }).click();
    await hero.getByRole('button', { name: 'Start slide rotation' }).waitFor();
    await hero.getByRole('button', { name: /Slide 3/ }).click();
    await hero.getByRole('heading', { name: 'Peace of Mind is Priceless' }).waitFor();
    await page.mouse.move(0, 0);
    await page.locator('body').focus();
    await page.clock.runFor(aFullInterval); // paused: still the same slide after a full interval
    expect(await hero.getByRole('heading', { name: 'Peace of Mind is Priceless' }).count()).toBe(1);

    // Start resumes it, though the pointer and focus are on the hero, from the last slide to the first.
    await hero.getByRole('button', { name: 'Start slide rotation' }).click();
    await page.clock.runFor(aFullInterval);
    await hero.getByRole('heading', { name: 'Secure Your Tomorrow Today' }).waitFor();

    await hero.getByRole('link', { name: 'Get a Free Quote' }).click();
    await page.getByRole('heading', { name: 'Get a Free Quote', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/get-quote');
    await page.context().close();
  });

  it('does not rotate under prefers-reduced-motion', async () => {
    const context = await newContext(app.browser);
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto(app.server.url);
    const hero = page.getByRole('region', { name: 'Highlights' });
    await hero.getByRole('heading', { name: 'Secure Your Tomorrow Today' }).waitFor();
    expect(await hero.getByRole('button', { name: 'Stop slide rotation' }).count()).toBe(0);
    await page.clock.runFor(aFullInterval);
    expect(await hero.getByRole('heading', { name: 'Secure Your Tomorrow Today' }).count()).toBe(1);
    await context.close();
  });

  it('is 80vh tall and loads the small picture on a phone', async () => {
    const page = await openHome();
    await page.getByRole('heading', { name: 'Secure Your Tomorrow Today' }).waitFor();
    const hero = page.getByRole('region', { name: 'Highlights' });
    const box = await hero.boundingBox();
    expect(Math.round(box!.height)).toBe(Math.round(780 * 0.8));
    const image = page.locator('.hero__slide--current img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain('/demo/hero/secure-tomorrow-small.webp');
    await page.context().close();
  });
});

describe('popular policies', () => {
  it('shows the six most popular policies with coverage, term and a details link', async () => {
    const popular = (await (await fetch(`${app.server.url}/api/policies/6`)).json()) as { id: string; title: string; coverageRange: number; duration: number }[];
    expect(popular).toHaveLength(6);
    const page = await openHome();
    const section = page.getByRole('region', { name: 'Popular Policies' });
    await section.getByRole('heading', { name: popular[0]!.title }).waitFor();
    const cards = section.getByRole('article');
    expect(await cards.count()).toBe(6);
    for (const [i, policy] of popular.entries()) {
      const card = cards.nth(i);
      expect(await card.getByRole('heading').textContent()).toBe(policy.title);
      // Stored and sent in poisha; shown in taka.
      await card.getByText(`Coverage: ৳${(policy.coverageRange / 100).toLocaleString('en-IN')}`).waitFor();
      await card.getByText(`Term: ${policy.duration} years`).waitFor();
      expect(await card.getByRole('link', { name: /View Details/ }).getAttribute('href')).toBe(`/policies/${policy.id}`);
    }
    // The coverage has thousands separators.
    expect(await cards.first().getByText(/Coverage: ৳\d{1,2}(,\d{2})*,\d{3}/).count()).toBe(1);
    await cards.first().getByRole('link', { name: /View Details/ }).click();
    await page.getByRole('heading', { level: 1, name: popular[0]!.title }).waitFor();
    await page.context().close();
  });

  it('shows "Error: ..." when the server fails, and the local copy when it cannot be reached', async () => {
    const failing = await (await newContext(app.browser)).newPage();
    await failing.route('**/api/policies/6', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'internal', message: 'Database unavailable' }) }),
    );
    await failing.goto(app.server.url);
    await failing.getByRole('region', { name: 'Popular Policies' }).getByText('Error: Database unavailable').waitFor();
    await failing.context().close();

    // Visited once (local copy filled), then the API is stopped: the six most popular still show.
    const page = await openHome();
    const section = page.getByRole('region', { name: 'Popular Policies' });
    await section.getByRole('article').first().waitFor();
    await page.getByRole('region', { name: 'Meet Our Agents' }).getByRole('button').first().waitFor(); // local copy filled
    await page.getByRole('navigation', { name: 'Company' }).getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { name: 'Our Core Values' }).waitFor();
    // The way home may be a full navigation (a prerendered page not yet live): the installed
    // service worker answers it then, as it would for a person whose network just dropped.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
    await app.server.stop();
    try {
      await page.getByRole('link', { name: 'LifeSure Insurance, home' }).click();
      await section.getByRole('article').first().waitFor();
      expect(await section.getByRole('article').count()).toBe(6);
    } finally {
      await app.server.start();
    }
    await page.context().close();
  });

  it('says "Loading policies..." while waiting (the prerendered list stands in on a first load)', async () => {
    const page = await (await newContext(app.browser)).newPage();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // The first pull is held too: once it has filled the local copy, the home reads the six from
    // there and never waits on the server (a slow network on a first visit holds both).
    for (const path of ['/api/policies/6', '/api/sync']) {
      await page.route((url) => url.pathname === path, async (route) => {
        await held;
        await route.continue();
      });
    }
    // Opened directly, home shows the policies it was prerendered with while the server is asked.
    await page.goto(app.server.url);
    const popular = page.getByRole('region', { name: 'Popular Policies' });
    expect(await popular.getByRole('article').count()).toBe(6);
    // Reached inside the app there is no prerendered list: the loading state shows.
    await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click();
    await page.getByRole('heading', { name: 'About LifeSure Insurance' }).waitFor();
    await page.getByRole('link', { name: 'LifeSure Insurance, home' }).click();
    await popular.getByText('Loading policies...').waitFor();
    release();
    await page.getByRole('region', { name: 'Popular Policies' }).getByRole('article').first().waitFor();
    await page.context().close();
  });
});

describe('latest blogs', () => {
  it('shows the four newest posts with title, author, date and picture, and More Blogs', async () => {
    const blogs = (await (await fetch(`${app.server.url}/api/blogs`)).json()) as { id: string; title: string; authorName: string }[];
    const page = await openHome();
    const section = page.getByRole('region', { name: 'Latest Blogs' });
    await section.getByRole('article').first().waitFor();
    const cards = section.getByRole('article');
    expect(await cards.count()).toBe(4);
    for (const [i, blog] of blogs.slice(0, 4).entries()) {
      await cards.nth(i).getByRole('link', { name: blog.title }).waitFor();
      await cards.nth(i).getByText(blog.authorName).waitFor();
      expect(await cards.nth(i).locator('time').count()).toBe(1);
      expect(await cards.nth(i).locator('img').count()).toBe(1);
    }
    await section.getByRole('link', { name: 'More Blogs' }).click();
    await page.getByRole('heading', { name: 'All Blogs', level: 1 }).waitFor();
    await page.context().close();
  });
});

describe('the newsletter', () => {
  it('subscribes, refuses a second time with the server message, and reports a failure', async () => {
    const page = await openHome();
    await waitForAppReady(page);
    const section = page.getByRole('region', { name: 'Stay Updated!' });
    const name = section.getByLabel('Name');
    const email = section.getByLabel('Email');
    const button = section.getByRole('button', { name: /Subscrib/ });

    // While submitting: 'Subscribing...' and disabled.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/subscribe', async (route) => {
      await held;
      await route.continue();
    });
    await name.fill('Rahim Uddin');
    await email.fill('rahim@example.test');
    await button.click();
    await section.getByRole('button', { name: 'Subscribing...' }).waitFor();
    expect(await section.getByRole('button', { name: 'Subscribing...' }).isDisabled()).toBe(true);
    release();
    const success = section.getByText('Thank you for subscribing!');
    await success.waitFor();
    expect(await success.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(31, 122, 58)'); // green
    expect(await name.inputValue()).toBe('');
    expect(await email.inputValue()).toBe('');
    await page.unroute('**/subscribe');

    // The same email again: the server's message, in red.
    await name.fill('Rahim Uddin');
    await email.fill('RAHIM@example.test');
    await section.getByRole('button', { name: 'Subscribe' }).click();
    const refused = section.getByText('This email is already subscribed to our newsletter.');
    await refused.waitFor();
    expect(await refused.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(179, 38, 30)'); // red
    expect(await name.inputValue()).toBe('Rahim Uddin');

    // A non-OK answer without a message.
    await page.route('**/subscribe', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await email.fill('karim@example.test');
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await section.getByText('Subscription failed').waitFor();
    await page.unroute('**/subscribe');

    // The API stopped: a network failure.
    await app.server.stop();
    try {
      await section.getByRole('button', { name: 'Subscribe' }).click();
      await section.getByText('Failed to subscribe. Please try again.').waitFor();
    } finally {
      await app.server.start();
    }
    await page.context().close();
  });

  it('needs a name and an email (the browser checks them)', async () => {
    const page = await openHome();
    const section = page.getByRole('region', { name: 'Stay Updated!' });
    const calls: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/subscribe') && calls.push(r.url()));
    await section.getByRole('button', { name: 'Subscribe' }).click();
    expect(await section.getByLabel('Name').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await section.getByLabel('Name').fill('Rahim');
    await section.getByLabel('Email').fill('not-an-email');
    await section.getByRole('button', { name: 'Subscribe' }).click();
    expect(await section.getByLabel('Email').evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    expect(calls).toEqual([]);
    await page.context().close();
  });
});

describe('Meet Our Agents', () => {
  it('lists the agents in 3 columns on large screens and opens their details', async () => {
    const agents = (await (await fetch(`${app.server.url}/api/agents`)).json()) as { name: string; email: string; phone: string | null; bio: string | null }[];
    const page = await openHome(app.server.url, { width: 1280, height: 900 });
    const section = page.getByRole('region', { name: 'Meet Our Agents' });
    await section.getByRole('button').first().waitFor();
    const cards = section.getByRole('listitem');
    // The list may still be filling when its first card shows: wait for all of them.
    await expect.poll(() => cards.count()).toBe(agents.length);
    const tops = await cards.evaluateAll((items) => items.slice(0, 4).map((li) => Math.round(li.getBoundingClientRect().top)));
    expect(tops[0]).toBe(tops[2]); // three in a row
    expect(tops[3]).toBeGreaterThan(tops[0]!); // the fourth starts a new row

    const withBio = agents.find((a) => a.bio && a.phone)!;
    const card = section.getByRole('button', { name: new RegExp(withBio.name) });
    await card.getByText('Agent', { exact: true }).waitFor();
    await card.getByText(withBio.email).waitFor();
    await card.click();
    const dialog = page.getByRole('dialog', { name: 'Agent Details' });
    await dialog.waitFor();
    await dialog.getByText(withBio.name).waitFor();
    await dialog.getByText(withBio.phone!).waitFor();
    await dialog.getByText(withBio.bio!).waitFor();
    await dialog.getByRole('img').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Phone and bio only when present; Escape closes too.
    const withoutBio = agents.find((a) => !a.bio)!;
    await section.getByRole('button', { name: new RegExp(withoutBio.name) }).click();
    await dialog.getByText(withoutBio.name).waitFor();
    expect(await dialog.getByText('Bio', { exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('shows the failure message when the agents cannot be loaded', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.route((url) => url.pathname === '/api/sync', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal","message":"boom"}' }));
    await page.goto(app.server.url);
    await page
      .getByRole('region', { name: 'Meet Our Agents' })
      .getByText('Failed to load agents. Make sure your server is running and accessible.')
      .waitFor();
    await page.context().close();
  });
});

describe('the FAQ', () => {
  it('opens one answer at a time, and closes the open one when clicked again', async () => {
    const page = await openHome();
    const section = page.getByRole('region', { name: 'Frequently Asked Questions' });
    await section.getByRole('button').first().waitFor();
    const questions = section.getByRole('button');
    expect(await questions.count()).toBe(5);
    await section.getByRole('button', { name: 'What types of insurance do you offer?' }).waitFor();
    await section.getByRole('button', { name: 'How do I file a claim?' }).waitFor();
    for (let i = 0; i < 5; i++) expect(await questions.nth(i).getAttribute('aria-expanded')).toBe('false');

    await questions.nth(0).click();
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('true');
    await section.getByRole('region', { name: 'What types of insurance do you offer?' }).getByText(/term life insurance/).waitFor();

    await questions.nth(1).click();
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('false');
    expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('true');
    expect(await section.getByRole('region').count()).toBe(1);

    await questions.nth(1).click();
    expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('false');
    expect(await section.getByRole('region').count()).toBe(0);

    // Keyboard: Enter on a focused question opens it.
    await questions.nth(4).focus();
    await page.keyboard.press('Enter');
    expect(await questions.nth(4).getAttribute('aria-expanded')).toBe('true');
    await page.context().close();
  });
});

describe('a home page with nothing in it yet', () => {
  it('says there are no policies and no agents', async () => {
    const empty = await startAppServer({ seed: false });
    try {
      const page = await (await newContext(app.browser)).newPage();
      await page.goto(empty.url);
      await page.getByRole('region', { name: 'Popular Policies' }).getByText('No policies available').waitFor();
      await page.getByRole('region', { name: 'Meet Our Agents' }).getByText('No agents found.').waitFor();
      // The FAQ is product content, there from the first start.
      expect(await page.getByRole('region', { name: 'Frequently Asked Questions' }).getByRole('button').count()).toBe(5);
      await page.context().close();
    } finally {
      await empty.dispose();
    }
  });
});
