/**
 * What a visitor's service worker holds, and a signed-in person's screens offline (issue 32,
 * docs/decisions/0082-a-first-visit-that-costs-little.md): a visitor's precache and caches hold
 * no signed-in screen's code (pwa/build/visitor-precache.ts writes which built files are whose
 * to .vite/screens.json); after an agent signs in, the agent's screens open offline from a
 * full navigation, while the admin's screens were never fetched.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext } from './support/browser.ts';
import { loginAs } from './support/login.ts';
import { offlineJourney, waitForRoleScreens, waitForServiceWorker } from './support/offline.ts';
import { repoRoot } from './support/app-server.ts';

const journey = offlineJourney();
const dist = join(repoRoot, 'pwa/dist');
const screens = JSON.parse(readFileSync(join(dist, '.vite/screens.json'), 'utf8')) as { visitor: string[]; signedIn: string[] };
const viteManifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
const fileOf = (src: string) => {
  const file = viteManifest[src]?.file;
  if (!file) throw new Error(`${src} is not in the build manifest`);
  return file;
};

/** Every URL path held in the page's Cache Storage (the precache and the runtime caches). */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname.slice(1));
    }
    return paths;
  });

describe("a visitor's service worker and an agent's offline screens", () => {
  it('gives a visitor no signed-in screen, in the precache list or any cache', async () => {
    // The rule finds the signed-in screens by their route table, the public ones by the entry.
    expect(screens.signedIn).toEqual(expect.arrayContaining([fileOf('src/features/claims/agent-dashboard.tsx'), fileOf('src/features/admin-stats/admin-dashboard.tsx')]));
    expect(screens.visitor).toContain(fileOf('src/features/policies/policy-catalogue.tsx'));

    const context = await newContext(journey.browser, { width: 360, height: 740 });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/all-policies`);
    await waitForServiceWorker(page);
    const precacheList = [...readFileSync(join(dist, 'sw.js'), 'utf8').matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
    const cached = await cachedPaths(page);
    expect(cached).toContain(fileOf('src/features/policies/policy-catalogue.tsx'));
    expect(precacheList.filter((file) => screens.signedIn.includes(file))).toEqual([]);
    expect(cached.filter((file) => screens.signedIn.includes(file))).toEqual([]);
    // No prerendered page is precached as a block: the one visited is kept once the page hands it over.
    await expect
      .poll(async () => (await cachedPaths(page)).filter((path) => path.startsWith('pages/') && !path.endsWith('pages.json')).sort(), { timeout: 30_000 })
      .toEqual(['pages/all-policies.html', 'pages/all-policies.json']);
    await context.close();
  });

  it("opens the agent's screens offline after sign-in, and never fetched the admin's", async () => {
    const context = await newContext(journey.browser, { width: 360, height: 740 });
    const page = await context.newPage();
    await loginAs(page, journey.server, 'agent');
    await page.getByRole('heading', { name: 'Agent Dashboard' }).waitFor();
    await waitForServiceWorker(page);
    await waitForRoleScreens(page);
    const cached = await cachedPaths(page);
    expect(cached).toEqual(expect.arrayContaining([fileOf('src/features/assigned-customers/assigned-customers-page.tsx'), fileOf('src/features/claims/policy-clearance-page.tsx')]));
    // ...with what they load later (sign-out's check of unsent writes), and nothing of the admin's.
    expect(cached).toContain(fileOf('src/lib/offline/queue.ts'));
    expect(cached).not.toContain(fileOf('src/features/admin-stats/admin-dashboard.tsx'));
    expect(cached).not.toContain(fileOf('src/features/manage-agents/manage-agents-page.tsx'));

    await context.setOffline(true);
    // Full navigations, offline: each screen's code comes from the worker's cache.
    for (const [path, heading] of [
      ['/dashboard/assignedCustomers', 'Assigned Customers'],
      ['/dashboard/agentPolicyClearance', 'Policy Claims Clearance'],
      ['/dashboard', 'Agent Dashboard'],
    ] as const) {
      await page.goto(`${journey.server.url}${path}`);
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(await page.getByRole('heading', { name: heading }).isVisible(), path).toBe(true);
    }
    await context.close();
  });
});
