/**
 * The service worker's answer to a navigation: the public page prerendered by the build
 * (pages/<name>.html, precached with the shell), so it shows before any script runs, offline
 * too; any other address (signed-in screens, a search in the address) gets the app shell.
 * The same rule as the Node server's and the Worker's (edge-api/src/http/page-addresses.ts).
 */
/// <reference lib="webworker" />
import { matchPrecache } from 'workbox-precaching';
import type { RouteHandlerCallback } from 'workbox-core';
import { prerenderedPageFile } from 'edge-api/src/http/page-addresses.ts';

const shellUrl = '/index.html';

function prerenderedPageUrl(url: URL): string | null {
  const file = prerenderedPageFile(url.pathname, url.search);
  return file && `/${file}`;
}

export const servePageOrShell: RouteHandlerCallback = async ({ url, request }) => {
  const pageUrl = prerenderedPageUrl(url);
  const page = pageUrl ? await matchPrecache(pageUrl) : undefined;
  if (page) return page;
  // Not precached (an old worker's cache being replaced, say): the network, as workbox's own handler does.
  return (await matchPrecache(shellUrl)) ?? fetch(request);
};
