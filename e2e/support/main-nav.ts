/**
 * The public header's Main navigation. Below 900 px its links fold behind the Menu button, so a
 * person opens the menu first: `openMainNav` does that when the button is shown (a phone) and
 * returns the navigation, whose links are then on screen at any width.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export async function openMainNav(page: Page): Promise<Locator> {
  // Folded away on a phone, the navigation is outside the accessibility tree until opened.
  await page.getByRole('navigation', { name: 'Main', includeHidden: true }).waitFor({ state: 'attached' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') {
    // A prerendered page shows the button before React has taken it over: a click then does
    // nothing, as it would for a person. Wait until the page is live, then open the menu.
    await expect.poll(() => menu.evaluate((button) => Object.keys(button).some((key) => key.startsWith('__react'))), { timeout: 30_000 }).toBe(true);
    await menu.click();
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
  }
  return nav;
}

/** Follows a link of the Main navigation as a person would, opening the menu on a phone. */
export async function followMainNav(page: Page, name: string): Promise<void> {
  await (await openMainNav(page)).getByRole('link', { name, exact: true }).click();
}
