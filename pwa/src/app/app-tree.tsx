import { StrictMode, useEffect, type ReactNode } from 'react';
import { UpdatePrompt } from '../components/update-prompt.tsx';
import { PrerenderedProvider, type PrerenderedData } from '../lib/prerendered.tsx';
import { noteAppCommitted } from '../lib/page-settled.ts';

/**
 * The whole app around a router: the browser's (main.tsx) or the build's static one
 * (prerender/render.tsx). Both render this same tree, so hydration finds what the HTML holds.
 */
export function AppTree({ router, prerendered }: { router: ReactNode; prerendered: PrerenderedData | null }) {
  return (
    <StrictMode>
      <PrerenderedProvider data={prerendered}>{router}</PrerenderedProvider>
      {/* Global, outside the routes: offered on every screen, and still there if a route fails. */}
      <UpdatePrompt />
      <MarkReady />
    </StrictMode>
  );
}

/**
 * Marks the moment the app first committed (hydrated or rendered): from then on its screens
 * answer input. bench/slow-phone.ts reads the mark.
 */
function MarkReady() {
  useEffect(() => {
    if (performance.getEntriesByName('app-ready').length === 0) performance.mark('app-ready');
    noteAppCommitted();
  }, []);
  return null;
}
