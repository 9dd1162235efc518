/**
 * A first visit downloads only the pictures of the first screen (issue 18): on a 360x740 phone,
 * `/` asks for the hero's picture (and the next slide's, which shows in the same place a few
 * seconds later) and the pictures whose box is on the screen, never the cards further down;
 * scrolling down fetches the rest as they come near. Each at the size that fits the phone
 * (srcset, decision 0086), and with Save-Data on, nothing ahead: only what is on the screen.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext, type Page } from './support/browser.ts';

const shared = useAppAndBrowser();
const phone = { width: 360, height: 740 };
/** pwa/src/components/use-near-viewport.ts: how far below the screen a picture starts loading. */
const nearViewportPx = 200;
/** Pictures this close below the screen's bottom edge may be on it or not by a few pixels of layout. */
const screenEdgeBandPx = 48;

/** The lazy pictures (cards, portraits) in page order: where each is, and the size it chose once given an address. */
const lazyPictures = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')].map((img) => ({
      src: img.getAttribute('src') ? new URL(img.currentSrc || img.src).pathname : null,
      top: img.getBoundingClientRect().top + window.scrollY,
    })),
  );

/**
 * The addresses (of the sizes chosen) of the pictures given one whose top is above `limit` px, once
 * each has loaded: a picture's chosen size (currentSrc) is known only then, and before it its plain
 * src (the largest size) stood for the 360 px one fetched, which read as a picture not on the screen.
 */
async function picturesAbove(page: Page, limit: number): Promise<string[]> {
  await expect
    .poll(() => page.evaluate((below) => [...document.images].some((img) => img.getAttribute('src') && img.getBoundingClientRect().top < below && !img.complete), limit))
    .toBe(false);
  return page.evaluate(
    (below) => [...document.images].filter((img) => img.getAttribute('src') && img.getBoundingClientRect().top < below).map((img) => new URL(img.currentSrc || img.src).pathname),
    limit,
  );
}

const heroSmall = '/demo/hero/secure-tomorrow-small.webp';

/** Once the app is interactive and the browser idle: what it meant to fetch by itself, it has asked for. */
const settled = (page: Page) =>
  page.evaluate(async () => {
    while (performance.getEntriesByName('app-ready').length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => requestIdleCallback(resolve));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });

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
    // What may load: the pictures on the screen, and those within the small distance below it
    // that a scroll reaches first (use-near-viewport.ts). Everything further down waits.
    const reach = phone.height + nearViewportPx;
    // The first screen's pictures arrive (each is requested and decoded).
    await picturesAbove(page, reach);
    // Two frames after the last section laid out: a picture the browser meant to fetch has been asked for.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

    const onScreen = await picturesAbove(page, reach);
    const extra = [...requested].filter((src) => !onScreen.includes(src));
    expect(extra, 'pictures requested that the first screen does not show').toEqual([]);
    expect(requested.has(heroSmall), 'the hero, small variant on a phone').toBe(true);
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

  it('come in the size that fits: a card on a 360 px phone loads its 360 px picture', async () => {
    const page = await (await newContext(shared.browser, phone)).newPage();
    const requested = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'image') requested.add(new URL(request.url()).pathname);
    });
    await page.goto(`${shared.server.url}/all-policies`);
    const card = page.locator('.card__image').first();
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const chosen = await card.evaluate((img: HTMLImageElement) => ({ currentSrc: new URL(img.currentSrc).pathname, src: new URL(img.src).pathname, shown: img.clientWidth }));
    // Shown 328 px wide: the 360 px size, not the 640 px original.
    expect(chosen.shown).toBeLessThanOrEqual(360);
    expect(chosen.currentSrc).toMatch(/^\/demo\/policies\/[a-z0-9-]+-360\.webp$/);
    expect(requested).toContain(chosen.currentSrc);
    expect(requested).not.toContain(chosen.src);
    await page.context().close();
  });

  it('with Save-Data on, are fetched for what is on the screen only: nothing below it, no next slide', async () => {
    const context = await newContext(shared.browser, phone);
    const page = await context.newPage();
    // The browser's own data saver switch (navigator.connection.saveData), as a phone sets it.
    await (await context.newCDPSession(page)).send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
    // The hero stands still (reduced motion): it turns every 5 s, and on a loaded machine the page
    // can take longer than that to settle: a slide turned to is on the screen and rightly fetched.
    // Whether the next slide is fetched ahead does not depend on motion (hero.tsx, `ahead`).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const requested = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'image') requested.add(new URL(request.url()).pathname);
    });
    await page.goto(shared.server.url);
    expect(await page.evaluate(() => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData)).toBe(true);
    await page.getByRole('heading', { name: 'Popular Policies' }).waitFor();
    await expect.poll(() => page.locator('.card__image').count()).toBe(10);
    await page.waitForLoadState('load');
    await settled(page);
    // The first card's picture starts 4 px above the screen's bottom edge: a few pixels of layout
    // (a label's width, a font) decide whether it is on the screen, so the edge is given a band.
    const onScreen = await picturesAbove(page, phone.height + screenEdgeBandPx);
    const offScreen = [...requested].filter((src) => !onScreen.includes(src));
    // Where each was then, for a failure's message: once it failed with one picture, unnamed.
    const where = offScreen.length ? JSON.stringify(await lazyPictures(page)) : '';
    expect(offScreen, `pictures fetched that are not on the screen (the lazy pictures: ${where})`).toEqual([]);
    expect([...requested].some((src) => src.includes('/protect-what-matters')), 'the next slide, not shown yet').toBe(false);
    expect(requested.has(heroSmall), 'the picture on the screen').toBe(true);
    await context.close();
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

/** The preloads of pictures in the HTML the server gives for `path`. */
const picturePreloads = async (path: string) =>
  (await (await fetch(`${shared.server.url}${path}`)).text()).match(/<link rel="preload" as="image"[^>]*>/g) ?? [];

describe("the hero's first picture", () => {
  it("is preloaded once, at high priority, by the home pages' own HTML", async () => {
    for (const path of ['/', '/bn']) {
      const preloads = await picturePreloads(path);
      expect(preloads, path).toHaveLength(1);
      expect(preloads[0], path).toMatch(/imageSrcSet="\/demo\/hero\/secure-tomorrow-small\.webp 640w, \/demo\/hero\/secure-tomorrow\.webp 1280w"/);
      expect(preloads[0], path).toContain('fetchPriority="high"');
    }
  });
});

describe('pictures on a first visit to a screen that shows none', () => {
  it('are not fetched: /login, the app shell of the signed-in screens, asks for no picture of the home', async () => {
    const page = await (await newContext(shared.browser, phone)).newPage();
    const requested: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/demo/')) requested.push(path);
    });
    expect(await picturePreloads('/login')).toEqual([]);
    await page.goto(`${shared.server.url}/login`);
    await page.getByRole('heading', { name: 'Login', exact: true }).waitFor();
    await page.waitForLoadState('load');
    await settled(page);
    expect(requested).toEqual([]);
    await page.context().close();
  });
});
