/** Checks that a screen fits a phone: every visible element within the screen's width (issue 25). */
import { expect } from 'vitest';
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
