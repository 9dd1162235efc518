/**
 * The service worker: the app shell offline, pictures cached as they are seen, a nudge to
 * the open page when Background Sync says the network is back, and owed sign-outs sent.
 *
 * What it deliberately does NOT do: cache API answers. The data shown offline lives in
 * IndexedDB (lib/local-db.ts), filled by GET /sync; caching JSON here as well would show
 * stale or another user's data. So every request not matched below goes to the network.
 *
 * Updates wait: a new worker installs its precache beside the old one and waits until the
 * user presses Reload in the update prompt (message SKIP_WAITING). Until then the open tab
 * keeps being served its own build's chunks from the old precache, even after the server has
 * dropped them.
 */
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { outboxSyncTag, type OutboxPushReply } from './lib/outbox-sync-tag.ts';
import { doneWithin } from './lib/offline/backoff.ts';
import { sendOwedSignOuts, signOutSyncTag } from './lib/owed-sign-outs.ts';
import { keepPagesAsOpened, servePageOrShell } from './sw-pages.ts';
import { cachePicturesAsShown } from './sw-pictures.ts';
import { handlePushes } from './sw-push.ts';
import { isScreensList, keepScreensAsLoaded, keepScreensListPerBuild } from './sw-screens.ts';
import { apiPrefix } from 'edge-api/src/http/api-prefix.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

/** The Background Sync event (not yet in TypeScript's lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

// What a visitor can reach (pwa/build/visitor-precache.ts). No directory index: '/' is the
// prerendered home page (sw-pages.ts), not the app shell (index.html). Less the web app
// manifest vite-plugin-pwa adds after the build's filter: the browser reads it when it installs
// the app, online (decision 0087). Less the signed-in screens' list, which only names its own
// cache (sw-screens.ts): a visitor never reads it.
const buildManifest = self.__WB_MANIFEST;
const precacheList = buildManifest.filter(
  (entry) => !(typeof entry === 'string' ? entry : entry.url).endsWith('.webmanifest') && !isScreensList(entry),
) as typeof buildManifest;
precacheAndRoute(precacheList, { directoryIndex: '' });
cleanupOutdatedCaches();
// Takes control of pages that have no worker yet (the first visit), so they work offline
// without a reload. Pages already controlled switch only when the user accepts an update.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/**
 * Any navigation gets its prerendered page or the app shell (sw-pages.ts), offline too, except the API
 * and files: pages and data never share a URL (docs/decisions/0006-api-under-api-prefix.md).
 */
const notTheApp = [
  new RegExp(`^${apiPrefix}(/|$)`),
  // Files (sw.js, manifest, pictures, ...).
  /\/[^/]+\.[a-z0-9]+$/i,
];
registerRoute(new NavigationRoute(servePageOrShell, { denylist: notTheApp }));

// The prerendered pages and their data, kept as they are opened or fetched when idle (sw-pages.ts).
keepPagesAsOpened(precacheList);

// Built files a visitor's precache leaves out (signed-in screens), kept as they load (sw-screens.ts).
keepScreensAsLoaded();
keepScreensListPerBuild(buildManifest);

// Pictures: cached as they are shown, within a stated budget (sw-pictures.ts).
cachePicturesAsShown();

// Push notifications: shown, and opened on the right screen (sw-push.ts).
handlePushes();

/**
 * Background Sync (Chromium): the browser fires 'sync' when the connection is back, even if
 * the page is in the background. The queue lives with the page's session (its access token
 * is not visible here), so the worker asks an open page to push and waits for its answer;
 * a failed push rejects, and the browser tries the sync again later. With no page open
 * nothing is lost: the next start-up pushes.
 */
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === outboxSyncTag) sync.waitUntil(askAPageToPush());
  if (sync.tag === signOutSyncTag) sync.waitUntil(sendSignOuts());
});

/**
 * Owed sign-outs need no page: each names its session and carries its own key
 * (lib/owed-sign-outs.ts), so the worker sends them itself, with no tab open. They are tried a
 * few times within the one sync event: just after the network comes back, a phone's first
 * requests often still fail (the radio, DNS, a captive portal), and the browser's own next
 * sync is minutes away. One still owed after that rejects, and the browser tries the sync
 * again later (the pages retry too).
 */
async function sendSignOuts(): Promise<void> {
  if (!(await doneWithin(() => sendOwedSignOuts(sendSignOut), signOutTriesPerSync))) throw new Error('A sign-out could not be sent yet');
}

/** At most about 30 s of waiting between tries (offline backoff), well inside a sync event's time. */
const signOutTriesPerSync = 6;

async function sendSignOut({ sessionId, key }: { sessionId: string; key: string }): Promise<number> {
  const res = await fetch(`${apiPrefix}/auth/logout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId, key }),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(15_000),
  });
  return res.status;
}

async function askAPageToPush(): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: false });
  if (pages.length === 0) return;
  const answers = pages.map(
    (page) =>
      new Promise<OutboxPushReply>((resolve) => {
        const channel = new MessageChannel();
        const timer = setTimeout(() => resolve({ ok: false }), 120_000);
        channel.port1.onmessage = (message) => {
          clearTimeout(timer);
          resolve(message.data as OutboxPushReply);
        };
        page.postMessage({ type: outboxSyncTag }, [channel.port2]);
      }),
  );
  // Pages push one at a time (a Web Lock); one success means the queue went out.
  const replies = await Promise.all(answers);
  if (!replies.some((reply) => reply.ok)) throw new Error('The outbox could not be sent yet');
}
