/**
 * Page side of what the service worker keeps beyond a visitor's precache (issue 32,
 * docs/decisions/0082-a-first-visit-that-costs-little.md). Messages go through workbox's own
 * CACHE_URLS message: the worker runs each address through its routes, so each lands in the
 * cache its route keeps (sw-pages.ts, sw-screens.ts).
 *  - `handOverLoaded`: once the worker controls the page, the page being visited, its data and
 *    the built files the page loaded before that (a first visit loads them past the worker).
 *    They come from the browser's HTTP cache (hashed files) or as a bodiless 304 (the page).
 *  - `fetchLinkedPagesWhenIdle`: the public pages this screen shows links to, when the browser
 *    is idle, never when the device saves data or is on a 2G connection.
 */
import { prerenderedPageFile } from 'edge-api/src/http/page-addresses.ts';
import { localeOfPath } from './i18n/locale.ts';

import { savingData } from './save-data.ts';

export { savingData };

/** The worker in control, once there is one (a first visit waits for its activation). */
export function controllingWorker(): Promise<ServiceWorker | null> {
  if (!('serviceWorker' in navigator)) return Promise.resolve(null);
  const now = navigator.serviceWorker.controller;
  if (now) return Promise.resolve(now);
  return new Promise((resolve) =>
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(navigator.serviceWorker.controller), { once: true }),
  );
}

/** Asks the worker to keep `urls`; settles when it has (or could not). */
export async function keepInWorker(urls: string[]): Promise<void> {
  const worker = await controllingWorker();
  if (!worker || urls.length === 0) return;
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, 120_000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } }, [channel.port2]);
  });
  await builtFilesHeld(urls);
}

/** How long the page waits for the worker's cache to hold what it has just answered. */
const heldWithinMs = 10_000;

/**
 * Workbox answers CACHE_URLS once each file's response is ready, a moment before its cache holds
 * it (the write is the strategy's `done`, after the answer). Going offline in that moment loses
 * the file: the built files (each kept under its own address) are looked for until they are
 * there, or until the worker has had long enough (a file the worker refused is never there).
 */
async function builtFilesHeld(urls: string[]): Promise<void> {
  const deadline = Date.now() + heldWithinMs;
  for (const url of urls.filter((address) => address.startsWith('/assets/'))) {
    while (!(await caches.match(url)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The built files (scripts, styles, fonts) this page has loaded so far. */
export function loadedBuiltFiles(): string[] {
  const files = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
  return [...new Set(files)];
}

const pageDataUrl = (pathname: string) => {
  const file = prerenderedPageFile(pathname);
  return file && `/${file.replace(/\.html$/, '.json')}`;
};

/** Once the worker controls the page: the page itself, its data and the files it loaded. */
export async function handOverLoaded(): Promise<void> {
  const page = prerenderedPageFile(location.pathname, location.search) ? [location.pathname, pageDataUrl(location.pathname) ?? ''] : [];
  await keepInWorker([...page.filter(Boolean), ...loadedBuiltFiles()]);
}

/** At most this many linked pages are fetched ahead (each about 10 KB with its data). */
const linkedPagesAtMost = 4;

/** The public pages linked from what is on screen now, nearest first. */
function linkedPagesOnScreen(): string[] {
  const seen = new Set<string>([location.pathname]);
  const here = localeOfPath(location.pathname);
  const found: string[] = [];
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const url = new URL(link.href);
    if (url.origin !== location.origin || seen.has(url.pathname) || !prerenderedPageFile(url.pathname, url.search)) continue;
    // The other language's page (the switch): rarely opened next.
    if (localeOfPath(url.pathname) !== here) continue;
    const box = link.getBoundingClientRect();
    if (box.width === 0 || box.bottom < 0 || box.top > window.innerHeight) continue;
    seen.add(url.pathname);
    found.push(url.pathname);
  }
  return found.slice(0, linkedPagesAtMost);
}

/**
 * When idle and not saving data: the linked public pages on screen, with their data. Not on a
 * first visit (no worker controlled the page when it loaded): that visit's bytes go to the
 * precache, and offline the shell shows any public page from the device's copy anyway.
 * `loadedUnderWorker`: whether a worker controlled the page when it started loading.
 */
export function fetchLinkedPagesWhenIdle(loadedUnderWorker: boolean): void {
  if (!loadedUnderWorker || savingData() || typeof window.requestIdleCallback !== 'function') return;
  window.requestIdleCallback(() => {
    if (savingData()) return;
    const urls = linkedPagesOnScreen().flatMap((path) => [path, pageDataUrl(path) ?? '']).filter(Boolean);
    void keepInWorker(urls);
  });
}
