/**
 * Prerenders the public pages into pwa/dist/pages/ after the client build (run by the
 * `prerender` plugin in pwa/vite.config.ts, before the service worker's precache list is made,
 * so the pages are precached too). Each page gets:
 *   pages/<name>.html  the app shell with the page's HTML in #root, its route chunks as
 *                      modulepreload links and its stylesheets, so nothing waits for a second trip;
 *   pages/<name>.json  the data it was rendered with, which the browser hydrates with (main.tsx).
 * The data is the demo catalogue, read through the real API from a throw-away database, or the
 * current catalogue of a running server when PRERENDER_API_URL is set.
 * The Node server and the service worker serve pages/<name>.html for a navigation to the page;
 * other addresses get the app shell (dist/index.html).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { PublicAgent } from '../edge-api/src/db/agents.ts';
import type { Blog } from '../edge-api/src/db/blogs.ts';
import type { Faq } from '../edge-api/src/db/sync.ts';
import type { Policy } from '../edge-api/src/db/policies.ts';
import { apiPrefix } from '../edge-api/src/http/api-prefix.ts';
import { compiledCatalogues } from '../pwa/build/compiled-catalogues.ts';
import { manifestFile } from '../pwa/src/lib/i18n/web-app-manifest.ts';
import { localeOfPath, locales, pathInLocale, type Locale } from '../pwa/src/lib/i18n/locale.ts';
import { pageListFile, type PageList } from '../pwa/src/lib/page-list.ts';
import englishMessages from '../pwa/src/locales/en/messages.json' with { type: 'json' };
import banglaMessages from '../pwa/src/locales/bn/messages.json' with { type: 'json' };
import { startNodeServer } from '../edge-api/src/node/node.ts';
import { inlineHashesFile, pageScriptsFile, type InlineHashes, type PageScripts } from '../edge-api/src/http/page-addresses.ts';
import type { EarlyAnswerPage } from '../pwa/src/lib/early-answer.ts';
import { buildInlineScript, inlineScriptTag, sha256, withEarlyAnswer, withEarlyLeave } from './prerender-inline-script.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pwaDir = join(root, 'pwa');
// The build's own output folder (vite.config.ts passes it): a build elsewhere, as the e2e
// update test's next version, must not rewrite pwa/dist/pages under the other tests' feet.
const distDir = process.env.PRERENDER_DIST_DIR ?? join(pwaDir, 'dist');
const rendererDir = join(root, 'node_modules/.cache/prerender');

interface PageData {
  path: string;
  catalogue?: Policy[];
  popular?: Policy[];
  policy?: Policy;
  blogs?: Blog[];
  agents?: PublicAgent[];
  faqs?: Faq[];
}

interface Page {
  /** pages/<name>.html */
  name: string;
  data: PageData;
  /** The route's module (its key in dist/.vite/manifest.json): its chunks are preloaded. */
  module: string;
  /** A message id (the page's own title in its language), or a policy's own title. */
  title: { id: keyof typeof englishMessages } | { text: string };
}

const catalogues: Record<Locale, Record<string, string>> = { en: englishMessages, bn: banglaMessages };

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** Every public row, as the local copy holds it: the pull of a visitor (GET /sync). */
async function readCatalogue(baseUrl: string) {
  const policies: Policy[] = [];
  const blogs: Blog[] = [];
  const agents: PublicAgent[] = [];
  const faqs: Faq[] = [];
  let since = '0';
  for (;;) {
    const res = await fetch(new URL(`${apiPrefix}/sync?since=${encodeURIComponent(since)}&limit=500`, baseUrl));
    if (!res.ok) throw new Error(`GET /sync answered ${res.status}`);
    const page = (await res.json()) as { cursor: string; hasMore: boolean; changes: {
        policies: { upserts: Policy[] };
        blogs: { upserts: Blog[] };
        agents: { upserts: PublicAgent[] };
        faqs: { upserts: Faq[] };
      };
    };
    policies.push(...page.changes.policies.upserts);
    blogs.push(...page.changes.blogs.upserts);
    agents.push(...page.changes.agents.upserts);
    faqs.push(...page.changes.faqs.upserts);
    since = page.cursor;
    if (!page.hasMore) break;
  }
  // The orders the screens use (as their local queries read them): the catalogue and blogs
  // newest first, popular by popularity, agents by name (code units, as IndexedDB orders keys),
  // questions by position.
  policies.sort((a, b) => b.creationDate.localeCompare(a.creationDate));
  blogs.sort((a, b) => b.publishDate.localeCompare(a.publishDate));
  agents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  faqs.sort((a, b) => a.position - b.position);
  const popular = [...policies].sort((a, b) => b.popularity - a.popularity || b.creationDate.localeCompare(a.creationDate)).slice(0, 6);
  return { policies, blogs, popular, agents, faqs };
}

async function withCatalogue<T>(use: (catalogue: Awaited<ReturnType<typeof readCatalogue>>) => Promise<T>): Promise<T> {
  if (process.env.PRERENDER_API_URL) return use(await readCatalogue(process.env.PRERENDER_API_URL));
  const dataDir = mkdtempSync(join(tmpdir(), 'prerender-'));
  const server = await startNodeServer({
    env: { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'true', JWT_SECRET: 'prerender-only-'.padEnd(48, 'x') },
    servePwa: false,
    quiet: true,
  });
  try {
    return await use(await readCatalogue(server.url));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The home's popular policies as its cards show them: without their descriptions, which a card
 * never shows (~1.3 KB brotli of a first visit's page data, decision 0119). The list is replaced
 * by the server's answer or the device's copy as soon as one arrives (popular-policies.tsx).
 */
const asCards = (popular: readonly Policy[]): Policy[] => popular.map((policy) => ({ ...policy, description: '', descriptionBn: null }));

/**
 * The home's newest posts as its cards show them (no preview): of a post's text a card reads only
 * its language, Bangla when it holds any Bengali letter (languageOfText), so the text is cut
 * after its first Bengali letter, or to nothing (~0.9 KB brotli, decision 0119). The device's
 * copy replaces them once filled (latest-blogs.tsx).
 */
const asBlogCards = (blogs: readonly Blog[]): Blog[] =>
  blogs.map((blog) => {
    const bengali = blog.content.search(/[\u0980-\u09ff]/);
    return { ...blog, content: bengali < 0 ? '' : blog.content.slice(0, bengali + 1) };
  });

/** What the home shows: the newest blogs and the first questions, as many as its sections do. */
const homeBlogs = 4;
const homeFaqs = 5;

function pagesOf({ policies, blogs, popular, agents, faqs }: Awaited<ReturnType<typeof readCatalogue>>): Page[] {
  const catalogue = 'src/features/policies/policy-catalogue.tsx';
  // The blogs, about and contact pages come in one file (app/routes/reading-pages.ts).
  const readingPages = 'src/app/routes/reading-pages.ts';
  return [
    { name: 'index', data: { path: '/', popular: asCards(popular), blogs: asBlogCards(blogs.slice(0, homeBlogs)), agents, faqs: faqs.slice(0, homeFaqs) }, module: 'src/features/home/home-page.tsx', title: { id: 'title.home' } },
    { name: 'all-policies', data: { path: '/all-policies', catalogue: policies }, module: catalogue, title: { id: 'title.allPolicies' } },
    { name: 'policies', data: { path: '/policies', catalogue: policies }, module: catalogue, title: { id: 'title.allPolicies' } },
    ...policies.map((policy) => ({
      name: `policies/${policy.id}`,
      data: { path: `/policies/${policy.id}`, policy },
      module: 'src/features/policies/policy-details.tsx',
      title: { text: policy.title },
    })),
    { name: 'get-quote', data: { path: '/get-quote' }, module: 'src/features/quote/get-quote-page.tsx', title: { id: 'title.quote' } },
    { name: 'blogs', data: { path: '/blogs', blogs }, module: readingPages, title: { id: 'title.blogs' } },
    { name: 'about', data: { path: '/about' }, module: readingPages, title: { id: 'title.about' } },
    { name: 'contact', data: { path: '/contact' }, module: readingPages, title: { id: 'title.contact' } },
  ];
}

/** Every file a manifest entry loads statically, itself included. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  chunk.imports?.forEach((next) => staticClosure(manifest, next, into));
  return into;
}

/** The files a route chunk needs beyond what the entry loads (the shell's own tags preload those). */
function routeFiles(manifest: Manifest, module: string) {
  const shellFiles = staticClosure(manifest, 'index.html');
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    if (!shellFiles.has(chunk.file)) scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  if (!manifest[module]) throw new Error(`${module} is not in the build's manifest`);
  visit(module);
  return { scripts: [...scripts], styles: [...styles] };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page's stylesheets (the shell's and the route's) as one inline <style>: on a slow network
 * each stylesheet is a round trip that holds the first paint back. The CSP allows inline style
 * only by hash: the hashes go to pages/inline-hashes.json, which the Node server and the Worker
 * add to style-src of the HTML they serve (edge-api/src/node/static-pwa.ts, worker/worker-pages.ts).
 */
function inlineStyles(html: string, styles: string[], hashes: Set<string>) {
  const shellStyles = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)];
  const files = [...new Set([...shellStyles.map((match) => match[1] as string), ...styles])];
  const css = files.map((file) => readFileSync(join(distDir, file), 'utf8')).join('\n');
  hashes.add(sha256(css));
  let inlined = html;
  for (const match of shellStyles) inlined = inlined.replace(match[0], '');
  // The route's lazy import would fetch its stylesheets again and wait for them (Vite's preload
  // helper), a round trip before hydration: a disabled link names each as already here. Such a
  // link is neither fetched nor applied; the helper skips any stylesheet a link names.
  const alreadyInline = styles.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`).join('\n    ');
  return inlined.replace('</head>', `<style>${css}</style>\n    ${alreadyInline}\n  </head>`);
}

/**
 * The home page carries the quote page, for its hero button before the app arrives (decision 0121,
 * lib/early-page.ts): the quote page's #root as prerendered, its route's styles (the home's inline
 * style lacks them) with their already-inline markers, and its route's script preloads, inert in a
 * <template> until the button is tapped. The quote page shares the home's header and footer, so
 * brotli sends the repeated markup for little.
 */
function withEarlyPage(html: string, carried: { page: Page; body: string; files: ReturnType<typeof routeFiles>; title: string }, script: string, hashes: { style: Set<string>; script: Set<string> }) {
  const css = carried.files.styles.map((file) => readFileSync(join(distDir, file), 'utf8')).join('\n');
  const head = [
    ...(css ? [`<style>${css}</style>`] : []),
    ...carried.files.styles.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`),
    ...carried.files.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  if (css) hashes.style.add(sha256(css));
  const template =
    `<template id="early-page" data-path="${escapeHtml(carried.page.data.path)}" data-data="/pages/${carried.page.name}.json" data-title="${escapeHtml(carried.title)}">` +
    `${head.join('')}<div id="early-page-root">${carried.body}</div></template>`;
  return html.replace('</body>', `  ${template}\n    ${inlineScriptTag(script, hashes.script)}\n  </body>`);
}

/**
 * Every public page in both languages (issue 25): the English page at its path, the Bangla one
 * under /bn (pages/bn.html, pages/bn/<name>.html), each rendered in its language.
 */
function inBothLanguages(pages: Page[]): Page[] {
  return pages.flatMap((page) => [
    page,
    { ...page, name: page.name === 'index' ? 'bn' : `bn/${page.name}`, data: { ...page.data, path: pathInLocale(page.data.path, 'bn') } },
  ]);
}

/**
 * Search engines want hreflang addresses whole: with PUBLIC_ORIGIN (https://...) set when the app
 * is built, they are; without it (a local build, which does not know where it will be served) they
 * stay paths on the same origin.
 */
const publicOrigin = /^https?:\/\/[^/\s]+$/.test(process.env.PUBLIC_ORIGIN ?? '') ? (process.env.PUBLIC_ORIGIN as string) : '';

/** The page's language, its title in it, and its links to itself in each language (hreflang). */
function languageHead(page: Page, manifest: Manifest) {
  const locale = localeOfPath(page.data.path);
  const text = (id: keyof typeof englishMessages) => catalogues[locale][id] ?? englishMessages[id];
  const own = 'id' in page.title ? text(page.title.id) : (locale === 'bn' && page.data.policy?.titleBn) || page.title.text;
  const title = `${own} | ${text('brand.name')}`;
  const address = (path: string) => escapeHtml(publicOrigin + path);
  const alternates = locales.map((other) => `<link rel="alternate" hreflang="${other}" href="${address(pathInLocale(page.data.path, other))}">`);
  alternates.push(`<link rel="alternate" hreflang="x-default" href="${address(pathInLocale(page.data.path, 'en'))}">`);
  // A Bangla page's catalogue is its own chunk: fetched with the page, not after the entry runs.
  const catalogue = locale === 'bn' ? manifest['virtual:catalogue/bn/shell']?.file : undefined;
  if (catalogue) alternates.push(`<link rel="modulepreload" crossorigin href="/${catalogue}">`);
  return { locale, title, links: alternates };
}

function pageHtml(shell: string, page: Page, body: string, files: ReturnType<typeof routeFiles>, hashes: Set<string>, manifest: Manifest) {
  const dataUrl = `/pages/${page.name}.json`;
  const language = languageHead(page, manifest);
  const head = [
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${dataUrl}">`,
    // The route's own chunks come with the shell, not a round trip after it (decision 0051).
    ...files.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...language.links,
  ].join('\n    ');
  const html = shell
    .replace(/<html lang="[^"]*">/, `<html lang="${language.locale}">`)
    .replace('href="/manifest.webmanifest"', `href="/${manifestFile[language.locale]}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(language.title)}</title>`)
    .replace('</head>', `    ${head}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${escapeHtml(page.data.path)}" data-prerendered-data="${dataUrl}">${body}</div>`,
    )
    // The page works without script as far as HTML goes; the shell's notice is for the shell.
    .replace(/\s*<noscript>[^<]*<\/noscript>/, '');
  if (!html.includes('data-prerendered=')) throw new Error('dist/index.html has no empty <div id="root"></div> to fill');
  return withFontPreloads(inlineStyles(html, files.styles, hashes), body, language.locale);
}

/**
 * The page's own small fonts, asked for with the page: the Bangla label of an English page's
 * language switch, and the taka sign of an English page that shows money (a Bangla page's Bengali
 * font has the sign). Otherwise the browser asks for them only once it lays the page out, then
 * lays it out again when they come; and on a device without a Bengali font it first searches
 * the system's fonts for those glyphs: 60-80 ms of the first layout on such a machine
 * (decision 0093).
 */
function withFontPreloads(html: string, body: string, locale: Locale) {
  const fontFile = (name: string) => html.match(new RegExp(`/assets/${name}-[\\w-]+\\.woff2`))?.[0];
  const wanted = [body.includes('bangla-label') ? fontFile('bangla-label') : undefined, locale === 'en' && body.includes('৳') ? fontFile('taka') : undefined];
  const links = wanted.filter((file): file is string => !!file).map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin="anonymous" href="${file}">`);
  return links.length ? html.replace('<meta charset="UTF-8" />', (meta) => `${meta}\n    ${links.join('\n    ')}`) : html;
}

/** The scripts a page's HTML loads and preloads, in its order (page-addresses.ts `pageScriptsFile`). */
function scriptsOf(html: string): string[] {
  const tags = html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"|<link rel="modulepreload"[^>]*\shref="([^"]+)"/g);
  const scripts = [...new Set([...tags].map((tag) => tag[1] ?? tag[2]))].filter((src): src is string => !!src);
  if (scripts.length === 0) throw new Error('a prerendered page loads no script: the shell\'s <script type="module"> was not found');
  return scripts;
}

/**
 * The service worker's registration module exists only in the client build (vite-plugin-pwa);
 * rendering never registers a worker (start.ts does, in the browser), so Node gets an inert one.
 */
const noServiceWorkerInNode = {
  name: 'no-service-worker-in-node',
  resolveId: (id: string) => (id === 'virtual:pwa-register' ? '\0pwa-register-in-node' : null),
  load: (id: string) => (id === '\0pwa-register-in-node' ? 'export const registerSW = () => async () => {};' : null),
};

async function buildRenderer() {
  await build({
    configFile: false,
    root: pwaDir,
    logLevel: 'warn',
    plugins: [compiledCatalogues(), react(), noServiceWorkerInNode],
    build: { ssr: 'src/app/prerender/render.tsx', outDir: rendererDir, emptyOutDir: true, target: 'node20' },
  });
  return (await import(pathToFileURL(join(rendererDir, 'render.js')).href)) as {
    renderPage: (data: PageData) => Promise<string>;
    renderEarlyAnswer: (data: PageData) => Promise<{ kind: EarlyAnswerPage; template: string } | null>;
  };
}

export async function prerenderPages() {
  const started = Date.now();
  const { renderPage, renderEarlyAnswer } = await buildRenderer();
  // The scripts of the pages' early answers (decision 0091), by kind.
  const earlyScripts: Record<EarlyAnswerPage, string> = {
    catalogue: await buildInlineScript(pwaDir, 'src/features/policies/early-search.ts'),
    quote: await buildInlineScript(pwaDir, 'src/features/quote/early-quote.ts'),
  };
  const earlyLeave = await buildInlineScript(pwaDir, 'src/lib/early-leave.ts');
  const earlyPage = await buildInlineScript(pwaDir, 'src/lib/early-page.ts');
  const shell = readFileSync(join(distDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const pages = inBothLanguages(await withCatalogue(async (catalogue) => pagesOf(catalogue)));
  rmSync(join(distDir, 'pages'), { recursive: true, force: true });
  const styleHashes = new Set<string>();
  const scriptHashes = new Set<string>();
  const written = createHash('sha256');
  const pageScripts: PageScripts = {};
  // The quote page in each language, carried by that language's home page (withEarlyPage).
  const carriedQuote = new Map<Locale, Parameters<typeof withEarlyPage>[1]>();
  for (const page of pages.filter((p) => p.name === 'get-quote' || p.name === 'bn/get-quote')) {
    const files = routeFiles(manifest, page.module);
    carriedQuote.set(localeOfPath(page.data.path), { page, body: await renderPage(page.data), files, title: languageHead(page, manifest).title });
  }
  for (const page of pages) {
    const body = await renderPage(page.data);
    const file = join(distDir, 'pages', `${page.name}.html`);
    mkdirSync(dirname(file), { recursive: true });
    const answer = await renderEarlyAnswer(page.data);
    const early = answer && { template: answer.template, script: earlyScripts[answer.kind] };
    const prerendered = pageHtml(shell, page, body, routeFiles(manifest, page.module), styleHashes, manifest);
    let html = withEarlyAnswer(withEarlyLeave(prerendered, earlyLeave, scriptHashes), early, scriptHashes);
    const quote = carriedQuote.get(localeOfPath(page.data.path));
    if ((page.name === 'index' || page.name === 'bn') && quote) html = withEarlyPage(html, quote, earlyPage, { style: styleHashes, script: scriptHashes });
    const data = JSON.stringify(page.data);
    writeFileSync(file, html);
    writeFileSync(join(distDir, 'pages', `${page.name}.json`), data);
    pageScripts[`pages/${page.name}.html`] = scriptsOf(html);
    written.update(html).update(data);
  }
  const hashes: InlineHashes = { style: [...styleHashes], script: [...scriptHashes] };
  writeFileSync(join(distDir, 'pages', inlineHashesFile), JSON.stringify(hashes));
  writeFileSync(join(distDir, 'pages', pageScriptsFile), JSON.stringify(pageScripts));
  // The pages' version, precached instead of the pages themselves (issue 32): its revision
  // changes with any page's, so the worker updates, and names the worker's cache of pages.
  const list: PageList = { version: written.digest('hex').slice(0, 16), pages: pages.length };
  writeFileSync(join(distDir, 'pages', pageListFile), JSON.stringify(list));
  console.log(`prerendered ${pages.length} pages into dist/pages in ${Date.now() - started} ms`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await prerenderPages();
  // The renderer's modules (Dexie, timers of the app's stores) must not keep the build waiting.
  process.exit(0);
}
