/**
 * Pictures a page showed before the service worker controlled it (the first visit: the worker
 * installs while the page loads) went past the worker's picture cache (sw-pictures.ts), so the
 * next visit asked the server for each of them again. When the worker takes control, the page
 * hands it the addresses of the pictures it has already loaded, and the worker puts them in
 * that cache from the browser's HTTP cache (no new download), within the same budget.
 * Shared by the page and the worker: the message and which addresses are pictures to keep.
 */
import { apiPrefix } from 'edge-api/src/http/api-prefix.ts';

export const shownPicturesMessage = 'CACHE_SHOWN_PICTURES';

export interface ShownPictures {
  type: typeof shownPicturesMessage;
  urls: string[];
}

/** The catalogue's, blogs', agents' and stand-in pictures: demo artwork and uploaded images. */
export const isKeptPicturePath = (pathname: string) => pathname.startsWith('/demo/') || pathname.startsWith(`${apiPrefix}/images/`);

/** Page side: once a worker takes control of this page, tell it which pictures the page loaded. */
export function handShownPicturesToWorker(): void {
  if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller) return;
  navigator.serviceWorker.addEventListener(
    'controllerchange',
    () => {
      const urls = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && isKeptPicturePath(url.pathname))
        .map((url) => url.href);
      const message: ShownPictures = { type: shownPicturesMessage, urls: [...new Set(urls)] };
      if (message.urls.length) navigator.serviceWorker.controller?.postMessage(message);
    },
    { once: true },
  );
}
