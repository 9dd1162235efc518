/** Debian's Chromium driven by playwright-core, with the flags this environment needs. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { watchContext } from './failure-artifacts.ts';

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumFlags, headless: true });
}

/** A phone-sized context by default: the product is used on phones first. */
export async function newContext(
  browser: Browser,
  options: { width?: number; height?: number; timezoneId?: string; locale?: string; javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 360, height: options.height ?? 780 },
    serviceWorkers: 'allow',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
  });
  // In the e2e project: traced, and screenshotted if the test fails (failure-artifacts.ts).
  await watchContext(context);
  return context;
}

export type { Browser, BrowserContext, Page };
