/**
 * The data a prerendered page was built with (pwa/scripts/prerender.ts): the build renders the
 * public pages to HTML with it, and the browser hydrates that HTML with the very same data
 * (read from the page's JSON file, never from inline script: the CSP allows none). Screens use
 * it only until their own source (the local copy or the API) has answered, so the first screen
 * never waits for the local database or the sync engine.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { Blog, Faq, Policy, PublicAgent } from './local-db.ts';
import { currentLocale } from '../lib/i18n/runtime.ts';
import { pathInLocale } from '../lib/i18n/locale.ts';

export interface PrerenderedData {
  /** The address the page was built for: the data serves only that page. */
  path: string;
  /** The catalogue, newest first (the local copy's order). */
  catalogue?: Policy[];
  /** Home's popular policies. */
  popular?: Policy[];
  /** A policy page's policy. */
  policy?: Policy;
  /** All blogs, newest first (the home: the newest four). */
  blogs?: Blog[];
  /** Home's agents, by name. */
  agents?: PublicAgent[];
  /** Home's questions, by position. */
  faqs?: Faq[];
}

const Prerendered = createContext<PrerenderedData | null>(null);

export function PrerenderedProvider({ data, children }: { data: PrerenderedData | null; children: ReactNode }) {
  return <Prerendered.Provider value={data}>{children}</Prerendered.Provider>;
}

/**
 * The prerendered data of the page shown now: only on the entry the app opened with (React
 * Router's 'default' key), and only if it was built for this address. A page reached inside the
 * app has no HTML to match, so it shows its own loading state.
 */
export function usePrerendered(): PrerenderedData | null {
  const data = useContext(Prerendered);
  const { pathname, key } = useLocation();
  // The router's path has no /bn (its basename); the data's path is the page's whole address.
  return data && key === 'default' && data.path === pathInLocale(pathname, currentLocale()) ? data : null;
}
