/**
 * The service worker's answer to a navigation: the public page prerendered by the build
 * (pages/<name>.html, precached with the shell), so it shows before any script runs, offline
 * too; any other address (signed-in screens, a search in the address) gets the app shell.
 * The same mapping as the Node server's (edge-api/src/prerendered-pages.ts).
 */
/// <reference lib="webworker" />
import { matchPrecache } from 'workbox-precaching';
import type { RouteHandlerCallback } from 'workbox-core';

const shellUrl = '/index.html';

function prerenderedPageUrl(url: URL): string | null {
  if (url.search) return null;
  const name = url.pathname === '/' ? 'index' : url.pathname.replace(/^\/+|\/+$/g, '');
  return /^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/i.test(name) ? `/pages/${name}.html` : null;
}

export const servePageOrShell: RouteHandlerCallback = async ({ url, request }) => {
  const pageUrl = prerenderedPageUrl(url);
  const page = pageUrl ? await matchPrecache(pageUrl) : undefined;
  if (page) return page;
  // Not precached (an old worker's cache being replaced, say): the network, as workbox's own handler does.
  return (await matchPrecache(shellUrl)) ?? fetch(request);
};
