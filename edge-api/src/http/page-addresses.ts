/**
 * Which page address the build prerendered (scripts/prerender.ts writes pwa/dist/pages/<name>.html,
 * docs/decisions/0035-prerendered-public-pages.md), and where its file is: ONE rule for the
 * Node server (static-pwa.ts), the Worker (worker-pages.ts) and the service worker (sw-pages.ts).
 * No file-system or platform code here, so every runtime can import it.
 */

/**
 * The public page addresses, as the Worker's route patterns: wrangler.toml's `run_worker_first`
 * lists exactly these beside '/api/*' (a unit test checks), so the Worker, not the platform's
 * app-shell fallback, answers them.
 */
const englishPagePatterns = ['/', '/all-policies', '/policies', '/policies/*', '/get-quote', '/blogs', '/about', '/contact'];
/** Each in both languages: the Bangla page is /bn plus the English path (issue 25). */
export const prerenderedPagePatterns: readonly string[] = [
  ...englishPagePatterns,
  ...englishPagePatterns.map((pattern) => (pattern === '/' ? '/bn' : `/bn${pattern}`)),
];

const matches = (pattern: string, pathname: string) =>
  pattern.endsWith('/*') ? pathname.startsWith(pattern.slice(0, -1)) && pathname.length > pattern.length - 1 : pathname === pattern;

/**
 * The prerendered page's file for an address, relative to the build folder ('/' is
 * pages/index.html, '/policies/p1' is pages/policies/p1.html), or null: not a public page, or
 * with a query (a search, a page number: not the page the build rendered). Whether the build
 * made that file is for the caller to find out; without it the app shell answers.
 */
export function prerenderedPageFile(pathname: string, search = ''): string | null {
  if (search || !prerenderedPagePatterns.some((pattern) => matches(pattern, pathname))) return null;
  const name = pathname === '/' ? 'index' : pathname.replace(/^\/+|\/+$/g, '');
  // Only plain page names: no dots (so never '..'), no encoded characters.
  return /^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/i.test(name) ? `pages/${name}.html` : null;
}

/**
 * pages/inline-hashes.json: the hashes ('sha256-...') of the prerendered pages' inline styles
 * and inline scripts (their early answers), which the CSP allows by hash only.
 */
export const inlineHashesFile = 'inline-hashes.json';

export interface InlineHashes {
  style: string[];
  script: string[];
}

export const noInlineHashes: InlineHashes = { style: [], script: [] };

const validHashes = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((hash): hash is string => typeof hash === 'string' && /^sha256-[A-Za-z0-9+/=]+$/.test(hash)) : [];

/** The valid hashes of a parsed inline-hashes.json (anything else is dropped). */
export const inlineHashesOf = (parsed: unknown): InlineHashes => {
  const { style, script } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  return { style: validHashes(style), script: validHashes(script) };
};

/**
 * pages/page-scripts.json: each prerendered page's scripts, by its file ({ "pages/index.html":
 * ["/assets/index-….js", …] }), the ones its HTML loads and preloads. Both servers send them with
 * the page as a `Link: <…>; rel=modulepreload` header (`pageScriptsLink`), so the browser asks for
 * them when the answer's headers arrive instead of once it has read that far into the HTML, and a
 * platform that sends early hints can send them before the page (decision 0097).
 */
export const pageScriptsFile = 'page-scripts.json';

export type PageScripts = Record<string, string[]>;

const isBuiltScript = (path: unknown): path is string => typeof path === 'string' && /^\/assets\/[\w.-]+\.js$/.test(path);

/** The Link header of a page's scripts in a parsed page-scripts.json, or null (none, or not a list of built scripts). */
export function pageScriptsLink(parsed: unknown, file: string): string | null {
  const scripts = typeof parsed === 'object' && parsed !== null && Object.hasOwn(parsed, file) ? (parsed as Record<string, unknown>)[file] : undefined;
  if (!Array.isArray(scripts) || scripts.length === 0 || !scripts.every(isBuiltScript)) return null;
  return scripts.map((path) => `<${path}>; rel=modulepreload`).join(', ');
}
