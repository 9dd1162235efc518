/** Checks that a screen fits a phone: every visible element within the screen's width (issue 25). */
import { expect } from 'vitest';
import type { Locator } from 'playwright-core';
import type { Page } from './browser.ts';

/**
 * Every visible element lies within the screen's width (off-screen by design: the skip link,
 * hidden slides, visually hidden texts, a wide table that scrolls in its own box), no text is
 * wider than its own box, and the page does not scroll sideways.
 */
export async function expectNothingOverflows(page: Page, screen: string): Promise<void> {
  const outside = await page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element.closest('[inert], [hidden], .visually-hidden, .skip-link, [aria-hidden="true"], .data-scroll, .table-scroll, [data-scrolls]')) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left < -0.5 || box.right > width + 0.5) found.push(`${element.tagName.toLowerCase()}.${element.className}: ${Math.round(box.left)}–${Math.round(box.right)}`);
      if (element.children.length === 0 && element.scrollWidth > element.clientWidth + 1 && style.overflowX === 'visible' && element.clientWidth > 0) {
        found.push(`${element.tagName.toLowerCase()} text wider than its box: "${element.textContent?.slice(0, 40)}"`);
      }
    }
    if (document.documentElement.scrollWidth > width) found.push(`page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    return found;
  });
  expect(outside, `${screen}: elements outside the screen`).toEqual([]);
}

/**
 * What a person must tap lies wholly inside the screen: scrolled into view first, as a person
 * would scroll (to the screen's middle with `scroll: 'center'`), unless it must be there without
 * scrolling (`scroll: false`). Checked again until it holds, as a person scrolls again when a
 * redraw (a sync pull, a picture arriving) moved it away; if it never holds, the last measure
 * says which edge is out.
 */
export async function expectFullyOnScreen(page: Page, locator: Locator, what: string, { scroll = true as boolean | 'center' } = {}): Promise<void> {
  const outside = async (): Promise<string> => {
    if (scroll === 'center') await locator.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    else if (scroll) await locator.scrollIntoViewIfNeeded();
    const box = await locator.boundingBox();
    const view = page.viewportSize();
    if (!box || !view) return `${what} has no box`;
    const edges = [
      box.x < 0 && `left edge ${box.x} < 0`,
      box.x + box.width > view.width && `right edge ${box.x + box.width} > ${view.width}`,
      box.y < 0 && `top edge ${box.y} < 0`,
      box.y + box.height > view.height && `bottom edge ${box.y + box.height} > ${view.height}`,
    ].filter(Boolean);
    return edges.length ? `${what}: ${edges.join(', ')}` : '';
  };
  await expect.poll(outside, { message: `${what} lies wholly on the screen` }).toBe('');
}

/** What a header holds in its row: the brand, the bell, each status badge, the language switch, the Menu button. */
const headerItems = '.brand, .notification-bell, .header-status__line > *, .language-switch, .site-nav__toggle, .dashboard__menu-button';

/**
 * A header (`bar`: '.site-header' or '.dashboard__bar') is one row at the page's width (issue 48):
 * each of its visible items is inside the screen, all share one horizontal line, none overlaps
 * another, and the header is no taller than one row of 44 px tap targets. `expected` are items
 * that must be there (a selector each), so a check of "Offline and 1 waiting" cannot pass without them.
 */
export async function expectHeaderOneRow(page: Page, bar: string, what: string, expected: string[] = []): Promise<void> {
  const found = await page.evaluate(({ bar, selector, expected }) => {
    const header = document.querySelector(bar);
    if (!header) return { error: `no ${bar}` };
    const items = [...header.querySelectorAll<HTMLElement>(selector)]
      .filter((item) => getComputedStyle(item).display !== 'none' && item.getBoundingClientRect().width > 0)
      .map((item) => {
        const box = item.getBoundingClientRect();
        return { name: `${item.className || item.tagName}: ${item.textContent?.trim().slice(0, 30)}`, left: box.left, right: box.right, top: box.top, bottom: box.bottom };
      });
    const missing = expected.filter((wanted) => ![...header.querySelectorAll(wanted)].some((item) => item.getBoundingClientRect().width > 0));
    return { items, missing, height: header.getBoundingClientRect().height, width: window.innerWidth };
  }, { bar, selector: headerItems, expected });
  if ('error' in found) throw new Error(`${what}: ${found.error}`);
  const { items, missing, height, width } = found;
  const listing = JSON.stringify(items.map((item) => ({ ...item, left: Math.round(item.left), right: Math.round(item.right), top: Math.round(item.top), bottom: Math.round(item.bottom) })));
  expect(missing, `${what}: items shown`).toEqual([]);
  expect(height, `${what}: the header's height (${listing})`).toBeLessThanOrEqual(62);
  for (const item of items) {
    expect(item.left, `${what}: ${item.name} inside the screen`).toBeGreaterThanOrEqual(0);
    expect(item.right, `${what}: ${item.name} inside the screen`).toBeLessThanOrEqual(width);
  }
  // One line runs through every item: the lowest top is above the highest bottom.
  expect(Math.max(...items.map((item) => item.top)), `${what}: one row (${listing})`).toBeLessThan(Math.min(...items.map((item) => item.bottom)));
  const byLeft = [...items].sort((a, b) => a.left - b.left);
  for (let i = 1; i < byLeft.length; i += 1) {
    expect(byLeft[i]!.left, `${what}: ${byLeft[i]!.name} clear of ${byLeft[i - 1]!.name}`).toBeGreaterThanOrEqual(byLeft[i - 1]!.right - 0.5);
  }
}
