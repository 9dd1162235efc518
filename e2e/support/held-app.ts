/**
 * A prerendered page before its app has arrived (issue 32): the app's scripts are held
 * unanswered until `release`, so what the page does on its own can be used and seen.
 */
import type { Request } from 'playwright-core';
import { newContext, type Browser, type Page } from './browser.ts';

/**
 * Opens `url` at 360x740 with the app's code held back; console and page errors are recorded, and
 * so is every script held (from the first: the page asks for them before `goto` returns).
 */
export async function openWithAppHeld(browser: Browser, url: string) {
  const page = await (await newContext(browser, { width: 360, height: 740 })).newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const heldScripts: Request[] = [];
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    heldScripts.push(route.request());
    await released;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'commit' });
  return { page, release, errors, heldScripts };
}

/** Hydrated: React has attached its handlers to the prerendered element. */
export const hydrated = (page: Page) =>
  page.evaluate(() => {
    const node = document.querySelector('#root .page');
    return node !== null && Object.keys(node).some((key) => key.startsWith('__react'));
  });
