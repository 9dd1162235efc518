/**
 * A signed-in person's screens, kept for offline use for their role only (issue 32): once the
 * page is idle after sign-in, the route tables' screens this role may open are loaded (the code
 * only; nothing renders), and the worker keeps each file as it passes (sw-screens.ts); the files
 * loaded before the worker took control are handed over to it (lib/keep-offline.ts).
 * A role's screens are found by walking the signed-in route table (dashboard-routes.tsx), whose
 * guarded groups name their area: a screen added there is kept for whoever may open it, and for
 * nobody else, with no list to update.
 */
import type { Role } from 'edge-api/src/auth/access-table.ts';
import { mayOpen } from '../features/dashboard/dashboard-areas.ts';
import { handOverLoaded, keepInWorker, loadedBuiltFiles } from '../lib/keep-offline.ts';
import { screensListFile } from '../lib/screens-list.ts';

/** Written by the build (pwa/build/visitor-precache.ts): the signed-in files each signed-in chunk may load. */
const signedInScreensUrl = `/${screensListFile}`;
interface SignedInScreens {
  later?: Record<string, string[]>;
  signedInWork?: string[];
}
import { yieldToBrowser } from '../lib/yield-to-browser.ts';
import { dashboardRoutes, roleViewModules } from './routes/dashboard-routes.tsx';
import type { ScreenRoute } from './routes/screen-route.tsx';

/** The lazy route modules `role` may open, in the order of the table. */
function screensOf(routes: ScreenRoute[], role: Role): Array<() => Promise<unknown>> {
  return routes.flatMap((route) => {
    const area = route.handle?.area;
    if (area && !mayOpen(role, area)) return [];
    const own = route.lazy ? [route.lazy] : [];
    return [...own, ...screensOf(route.children ?? [], role)];
  });
}

const kept = new Set<Role>();

/** Loads `role`'s screens one per task, then has the worker keep every built file loaded. */
export async function keepRoleScreens(role: Role): Promise<void> {
  // Not skipped on Save-Data: an agent's screens offline are the work (decision 0060), and it is
  // code, not the pages or pictures Save-Data asks to leave (those are skipped: keep-offline.ts).
  if (kept.has(role)) return;
  kept.add(role);
  const list = await fetch(signedInScreensUrl)
    .then((res) => (res.ok ? (res.json() as Promise<SignedInScreens>) : null))
    .catch(() => null);
  const { later = {}, signedInWork = [] } = list ?? {};
  // First every signed-in person's work (sending documents, preparing their pictures), which a
  // visitor's precache leaves out (decision 0087): a photo taken offline is prepared offline.
  // And the list itself, once read: on a first visit read before the worker took control (a slow
  // phone's install outlasts the sign-in), it passed the worker by, and the return would ask
  // for it again. Handed over, the worker keeps it once per build; one it keeps already costs
  // nothing (decision 0104).
  await keepInWorker([...(list ? [signedInScreensUrl] : []), ...signedInWork.map((file) => `/${file}`)]);
  for (const load of [roleViewModules[role], ...screensOf(dashboardRoutes, role)]) {
    await yieldToBrowser();
    await load().catch(() => undefined);
  }
  await handOverLoaded();
  // And what those screens load later (a dialog, say), which loading them did not fetch.
  const extra = loadedBuiltFiles().flatMap((path) => later[path.slice(1)] ?? []);
  await keepInWorker([...new Set(extra)].map((file) => `/${file}`));
  // Lets a test (e2e/first-visit-precache.test.ts) know the screens are kept before going offline.
  performance.mark('role-screens-kept');
}
