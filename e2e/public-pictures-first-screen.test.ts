/**
 * A first visit downloads only the pictures of the first screen (issue 18): on a 360x740 phone,
 * `/` asks for the hero's picture (and the next slide's, which shows in the same place a few
 * seconds later) and the pictures whose box is on the screen, never the cards further down;
 * scrolling down fetches the rest as they come near.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext, type Page } from './support/browser.ts';

const shared = useAppAndBrowser();
const phone = { width: 360, height: 740 };
/** pwa/src/components/use-near-viewport.ts: how far below the screen a picture starts loading. */
const nearViewportPx = 200;

/** The lazy pictures (cards, portraits) in page order: where each is, and its address once given. */
const lazyPictures = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')].map((img) => ({
      src: img.getAttribute('src') ? new URL(img.src).pathname : null,
      top: img.getBoundingClientRect().top + window.scrollY,
    })),
  );

describe('pictures on a first visit to / at 360x740', () => {
  it('are requested for the first screen only, and the rest as the visitor scrolls', async () => {
    const page = await (await newContext(shared.browser, phone)).newPage();
    const requested = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'image') requested.add(new URL(request.url()).pathname);
    });
    await page.goto(shared.server.url);
    // Every section below the hero has its cards in the page: six policies, four blogs, the agents.
    await page.getByRole('heading', { name: 'Popular Policies' }).waitFor();
    await expect.poll(() => page.locator('.card__image').count()).toBe(10);
    await expect.poll(() => page.locator('.agent-card__photo').count()).toBeGreaterThan(0);
    await page.waitForLoadState('load');
    // The first screen's pictures arrive (each is requested and decoded).
    await expect
      .poll(() =>
        page.evaluate(() => [...document.images].filter((img) => img.getAttribute('src') && img.getBoundingClientRect().top < innerHeight).every((img) => img.complete)),
      )
      .toBe(true);
    // Two frames after the last section laid out: a picture the browser meant to fetch has been asked for.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

    // What may load: the pictures on the screen, and those within the small distance below it
    // that a scroll reaches first (use-near-viewport.ts). Everything further down waits.
    const reach = phone.height + nearViewportPx;
    const onScreen = await page.evaluate(
      (limit) => [...document.images].filter((img) => img.getAttribute('src') && img.getBoundingClientRect().top < limit).map((img) => new URL(img.src).pathname),
      reach,
    );
    const extra = [...requested].filter((src) => !onScreen.includes(src));
    expect(extra, 'pictures requested that the first screen does not show').toEqual([]);
    expect(requested.has('/demo/hero/secure-tomorrow-small.webp'), 'the hero, small variant on a phone').toBe(true);
    expect([...requested].some((src) => src.endsWith('/secure-tomorrow.webp')), 'not the large hero on a phone').toBe(false);
    const lazy = await lazyPictures(page);
    const below = lazy.filter((picture) => picture.top >= reach);
    expect(below.length, 'pictures below the first screen').toBeGreaterThanOrEqual(8);
    expect(below.filter((picture) => picture.src !== null), 'pictures below the first screen have no address yet').toEqual([]);

    // Scrolling down to the end brings every picture in, as each comes near.
    for (const [index, picture] of lazy.entries()) {
      await page.evaluate((y) => window.scrollTo(0, Math.max(0, y - 300)), picture.top);
      await expect
        .poll(async () => {
          const src = (await lazyPictures(page))[index]?.src;
          return src !== null && src !== undefined && requested.has(src);
        }, { message: `lazy picture ${index}` })
        .toBe(true);
    }
    await page.context().close();
  });

  it('keep their box before they load, so nothing moves when they arrive', async () => {
    const page = await (await newContext(shared.browser, phone)).newPage();
    await page.goto(shared.server.url);
    await page.getByRole('heading', { name: 'Popular Policies' }).waitFor();
    const sized = await page.evaluate(() =>
      [...document.images].map((img) => ({ src: img.getAttribute('src') ?? img.className, width: img.getAttribute('width'), height: img.getAttribute('height'), async: img.decoding })),
    );
    expect(sized.length).toBeGreaterThan(0);
    for (const img of sized) {
      expect(Number(img.width), img.src).toBeGreaterThan(0);
      expect(Number(img.height), img.src).toBeGreaterThan(0);
    }
    expect(sized.filter((img) => img.src.includes('/demo/') && img.async !== 'async')).toEqual([]);
    await page.context().close();
  });
});
