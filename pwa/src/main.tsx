import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppTree } from './app/app-tree.tsx';
import { AppRouter, routerReady } from './app/router.tsx';
import { startApp } from './app/start.ts';
import { startPageLanguage } from './lib/i18n/page-language.ts';
import type { PrerenderedData } from './lib/prerendered.tsx';
import { announceHydration, announceTakeover, isPageAsPrerendered } from './lib/early-answer.ts';
import { holdUntilFirstAct } from './lib/page-settled.ts';
import { sessionStore } from './lib/session.ts';
import './styles.css';

startApp();

const root = document.getElementById('root')!;

/**
 * A public page comes prerendered (pwa/scripts/prerender.ts): its HTML is hydrated with the data
 * it was built with, from the JSON file beside it (not inline: the CSP allows no inline script
 * but the early answers', by hash). Any other address (a signed-in screen, a search in the
 * address, a page the build did not render) gets the app shell and renders from scratch.
 */
async function prerenderedData(): Promise<PrerenderedData | null> {
  if (!isPageAsPrerendered(root)) return null;
  const dataUrl = root.dataset.prerenderedData;
  if (!dataUrl) return { path: location.pathname };
  try {
    const res = await fetch(dataUrl);
    return res.ok ? ((await res.json()) as PrerenderedData) : null;
  } catch {
    return null;
  }
}

// Render only once the route's code is here: a hydration's first render is then the prerendered
// screen, and the app shell never renders a router that has no screen to show yet.
// The page's catalogue too (Bangla's is its own file): the first render is in the page's language.
const [data, locale] = await Promise.all([prerenderedData(), startPageLanguage(), routerReady]);
// From here the app answers the page's links (or the other language's page is opening).
announceTakeover();
if (locale === null) {
  // The device chose the other language: that page is opening instead.
} else if (data) {
  // A page's early answer (lib/early-answer.ts) gives the page back as prerendered first.
  announceHydration();
  // A visitor reads the page as it came: the local database's work waits for their first act.
  if (!sessionStore.get().user) holdUntilFirstAct();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: a tap or a keystroke meanwhile is answered, not queued behind
  // it (total blocking time, decision 0093). React holds a click that comes meanwhile and replays it
  // once the part it landed on is hydrated.
  startTransition(() => {
    hydrateRoot(root, <AppTree router={<AppRouter />} prerendered={data} />);
  });
} else {
  createRoot(root).render(<AppTree router={<AppRouter />} prerendered={null} />);
}
