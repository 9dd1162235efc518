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
 * would scroll, unless it must be there without scrolling (`scroll: false`).
 */
export async function expectFullyOnScreen(page: Page, locator: Locator, what: string, { scroll = true } = {}): Promise<void> {
  if (scroll) await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  const view = page.viewportSize();
  expect(box, `${what} has a box`).not.toBeNull();
  if (!box || !view) return;
  expect(box.x, `${what} left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} right edge`).toBeLessThanOrEqual(view.width);
  expect(box.y, `${what} top edge`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what} bottom edge`).toBeLessThanOrEqual(view.height);
}
