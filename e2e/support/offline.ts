/**
 * Helpers for the offline journeys: wait until the service worker controls the page and the
 * local copy (IndexedDB 'insurance', lib/local-db.ts) has been filled, and read the outbox as
 * the page holds it.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, startAppServer, useServerAndBrowser, type AppServer } from './app-server.ts';
import { newContext, type Browser, type Page } from './browser.ts';
import { loginAs, type DemoRole } from './login.ts';
import { waitForLocalCopy, waitForRoleScreens, waitForServiceWorker } from './page-state.ts';

/**
 * The app server over a private copy of the build (PWA_DIST_DIR): a service worker installs
 * from the files of one build, so a rebuild of pwa/dist while a test runs (another suite, a
 * developer) cannot make its precache fail half-way. `dispose()` removes the copy too.
 */
export async function startOfflineAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const distCopy = await copyWholeBuild(join(repoRoot, 'pwa/dist'));
  const server = await startAppServer({ env: { PWA_DIST_DIR: distCopy, ...env } });
  return {
    ...server,
    async dispose() {
      await server.dispose();
      rmSync(distCopy, { recursive: true, force: true });
    },
  };
}

/** What an offline journey's tests share: the app server (as above) and a browser. */
export interface OfflineJourney {
  server: AppServer;
  browser: Browser;
}

/**
 * Starts the server and the browser before the file's tests and closes them after; call it at
 * the top of a test file. The fields are set once the tests run.
 */
export const offlineJourney = (env: Record<string, string> = {}): OfflineJourney => useServerAndBrowser(() => startOfflineAppServer(env));

/**
 * Copies a build, and checks the copy is one whole build: a build in progress (vite empties the
 * folder, writes the app, then the service worker) would give a worker whose precache list
 * names files that are not there, or no worker at all. Tries again until the copy is whole.
 */
export async function copyWholeBuild(from: string): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const copy = mkdtempSync(join(tmpdir(), 'e2e-dist-'));
    try {
      cpSync(from, copy, { recursive: true });
      const sw = join(copy, 'sw.js');
      if (existsSync(sw) && existsSync(join(copy, 'index.html'))) {
        const precached = [...readFileSync(sw, 'utf8').matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
        if (precached.length > 0 && precached.every((url) => existsSync(join(copy, url)))) return copy;
      }
    } catch {
      // Files vanished while copying: a build is running. Try again.
    }
    rmSync(copy, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${from} does not hold a whole build (run npm run build)`);
}

/**
 * A new page of the journey's browser (in a context of its own, of `viewport` size), opened as a
 * visitor at `path` or signed in as `role` there, once the service worker controls it and the
 * local copy is filled: ready to go offline.
 */
export async function openReadyForOffline(
  journey: OfflineJourney,
  who: { role?: DemoRole; path: string; viewport?: { width: number; height: number } },
) {
  const context = await newContext(journey.browser, who.viewport);
  const page = await context.newPage();
  await makeReadyForOffline(page, journey.server, who);
  return { context, page };
}

/** The same on a page of a context the test has prepared itself (an init script, say). */
export async function makeReadyForOffline(page: Page, server: AppServer, who: { role?: DemoRole; path: string }) {
  if (who.role) await loginAs(page, server, who.role, who.path);
  else await page.goto(`${server.url}${who.path}`);
  await waitForServiceWorker(page);
  await waitForLocalCopy(page);
  // A signed-in person's screens are kept by the worker after sign-in, not precached (issue 32).
  if (who.role) await waitForRoleScreens(page);
}

export { readOutbox, readStore, waitForLocalCopy, waitForRoleScreens, waitForServiceWorker, type OutboxRow } from './page-state.ts';

/**
 * Reloads a page whose context is offline. Chromium's offline emulation can leave
 * navigator.onLine true in a document loaded while offline (seen on Chromium 150 and, now and
 * then, 156), which a phone never does; switching the emulation off and on again fixes it.
 */
export async function reloadOffline(page: Page): Promise<void> {
  await page.reload();
  if (await page.evaluate(() => navigator.onLine)) {
    await page.context().setOffline(false);
    await page.context().setOffline(true);
  }
}
