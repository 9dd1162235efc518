/**
 * Benchmark 2: what the browser downloads, read from the build. For `/`: the entry script,
 * its modulepreloads and stylesheets from dist/index.html, plus the home route (the index
 * route's lazy import) and everything it imports, found through Vite's manifest. Then each
 * lazily loaded screen's own chunks (what it adds to what `/` already loaded). Sizes are
 * gzip, as the server sends them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { builtAt, ensureBuilt, viteManifestPath } from './support/build.ts';
import { pwaDist, repoRoot } from './support/processes.ts';
import { code, markdownTable, SkipBenchmark, type BenchContext, type BenchOutcome } from './support/report.ts';
import { formatKb } from './support/stats.ts';
import { translationBytes } from './translation.ts';

const goalBytes = 120 * 1024;

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The files an HTML page loads up front: module scripts, modulepreloads, stylesheets. */
export function filesOfHtml(html: string): string[] {
  const files: string[] = [];
  for (const match of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const tag = match[0];
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!url || /^[a-z]+:/i.test(url)) continue;
    const isScript = match[1] === 'script' && /type="module"/.test(tag);
    if (isScript || rel === 'modulepreload' || rel === 'stylesheet') files.push(url.replace(/^\//, ''));
  }
  return files;
}

/** A chunk's file, its CSS, and the same for everything it imports statically. */
export function closure(manifest: ViteManifest, key: string, seen = new Set<string>()): Set<string> {
  const files = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

export interface LazyRoute {
  /** The manifest key, e.g. src/features/home/home-page.tsx. */
  module: string;
  /** The route path as written in the route table ('(index)' for an index route). */
  path: string;
  table: string;
}

/** The lazy imports of the route tables, with the path of the route each belongs to. */
/** `sourceFile` relative to the Vite root (pwa/), so the targets come out as manifest keys. */
export function lazyRoutesOf(source: string, sourceFile: string): LazyRoute[] {
  const routes: LazyRoute[] = [];
  for (const match of source.matchAll(/import\('([^']+)'\)/g)) {
    const before = source.slice(Math.max(0, (match.index ?? 0) - 400), match.index);
    const paths = [...before.matchAll(/\bpath:\s*'([^']*)'|\bindex:\s*true/g)];
    const last = paths[paths.length - 1];
    const path = !last ? '(lazy)' : last[1] !== undefined ? last[1] : '(index)';
    const target = posix.normalize(posix.join(posix.dirname(sourceFile), match[1] as string));
    routes.push({ module: target, path, table: sourceFile });
  }
  return routes;
}

const gzipBytes = (file: string) => gzipSync(readFileSync(join(pwaDist, file))).length;
const rawBytes = (file: string) => readFileSync(join(pwaDist, file)).length;

function sizes(files: Iterable<string>) {
  let js = 0;
  let css = 0;
  let jsRaw = 0;
  for (const file of files) {
    if (file.endsWith('.js')) {
      js += gzipBytes(file);
      jsRaw += rawBytes(file);
    } else if (file.endsWith('.css')) css += gzipBytes(file);
  }
  return { js, css, jsRaw };
}

export async function runBundleBench(ctx: BenchContext): Promise<BenchOutcome> {
  ensureBuilt(ctx.log, { needManifest: true });
  if (!existsSync(viteManifestPath)) {
    throw new SkipBenchmark('pwa/dist/.vite/manifest.json is missing: `build.manifest: true` must be set in pwa/vite.config.ts');
  }
  const manifest = JSON.parse(readFileSync(viteManifestPath, 'utf8')) as ViteManifest;
  const html = readFileSync(join(pwaDist, 'index.html'), 'utf8');
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('index.html'));
  if (!entryKey) throw new SkipBenchmark('the Vite manifest has no index.html entry');

  const pwaRoot = join(repoRoot, 'pwa');
  const routesDir = join(pwaRoot, 'src/app/routes');
  const tables = [
    ...readdirSync(routesDir).filter((name) => name.endsWith('.tsx')).map((name) => join(routesDir, name)),
    join(pwaRoot, 'src/app/router.tsx'),
  ];
  const lazyRoutes = tables.flatMap((file) => lazyRoutesOf(readFileSync(file, 'utf8'), relative(pwaRoot, file)));
  const home = lazyRoutes.find((route) => route.path === '(index)' && route.table.endsWith('public-routes.tsx'));
  if (!home || !manifest[home.module]) throw new SkipBenchmark('the index route\'s lazy import was not found in the route tables and the Vite manifest');

  // What `/` loads: the HTML's own files, the entry's static imports, the home route's chunks.
  const entryFiles = new Set([...filesOfHtml(html), ...closure(manifest, entryKey)]);
  const homeFiles = closure(manifest, home.module);
  const rootFiles = new Set([...entryFiles, ...homeFiles]);
  const root = sizes(rootFiles);

  // Each lazy module: what it adds on top of the entry.
  const labels = new Map<string, string>();
  for (const route of lazyRoutes) {
    const label = `${route.path.startsWith('(') ? route.path : '/' + route.path} in ${route.table.replace('src/app/', '')}`;
    labels.set(route.module, labels.has(route.module) ? `${labels.get(route.module)}; ${label}` : label);
  }
  const routeRows = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key]) => {
      const own = [...closure(manifest, key)].filter((file) => !entryFiles.has(file));
      const size = sizes(own);
      return { key, label: labels.get(key) ?? '(lazy import)', ...size, files: own.length };
    })
    .sort((a, b) => b.js - a.js);

  const met = root.js <= goalBytes;
  const command = 'npm run build && npm run bench -- bundle';
  const fileRows = [...rootFiles].sort().map((file) => [file, formatKb(rawBytes(file)), formatKb(gzipBytes(file))]);
  const consoleLine = `/ loads ${formatKb(root.js)} of JavaScript and ${formatKb(root.css)} of CSS (gzip); goal ≤ ${formatKb(goalBytes)} of JavaScript`;
  const words = await translationBytes(manifest);
  const translationLine = `translation adds to a first visit: English ${formatKb(words.english)}, Bangla ${formatKb(words.bangla)} (runtime ${formatKb(words.runtime)}, English catalogue ${formatKb(words.englishCatalogue)}, Bangla catalogue ${formatKb(words.banglaCatalogue)}, Bengali font ${formatKb(words.bengaliFont)}, switch label font ${formatKb(words.labelFont)})`;
  ctx.log(`  ${consoleLine}`);
  ctx.log(`  ${translationLine}`);
  return {
    goals: [
      { figure: 'JavaScript loaded by `/` (gzip)', goal: `≤ ${formatKb(goalBytes)}`, measured: formatKb(root.js), met, command },
    ],
    console: [consoleLine, translationLine],
    details: [
      [
        `Read from the build of ${builtAt()} (\`pwa/dist\`; \`BENCH_BUILD=1\` rebuilds first). \`/\` = the files`,
        `\`dist/index.html\` loads (entry script, modulepreloads, stylesheets) + the entry's static imports + the`,
        `index route's lazy import (${code(home.module)}) and its static imports, from \`dist/.vite/manifest.json\`.`,
        `Gzip at zlib's default level, as the server's compression sends them.`,
      ].join('\n'),
      markdownTable(
        ['What', 'JavaScript (gzip)', 'JavaScript (raw)', 'CSS (gzip)'],
        [['`/` in total', formatKb(root.js), formatKb(root.jsRaw), formatKb(root.css)]],
      ),
      markdownTable(['File loaded by `/`', 'Raw', 'Gzip'], fileRows),
      '### What translation adds to a first visit (issue 25)',
      markdownTable(
        ['Page language', 'Runtime (gzip)', 'Catalogues (gzip)', 'Fonts (woff2)', 'Total'],
        [
          ['English', formatKb(words.runtime), formatKb(words.englishCatalogue), `${formatKb(words.labelFont)} (the switch's label)`, formatKb(words.english)],
          ['Bangla', formatKb(words.runtime), `${formatKb(words.englishCatalogue)} + ${formatKb(words.banglaCatalogue)}`, `${formatKb(words.bengaliFont)} (Bengali block, where the device has no Bengali font)`, formatKb(words.bangla)],
        ],
      ),
      '### Each lazily loaded module: what it adds on top of the entry',
      markdownTable(
        ['Module', 'Route', 'JavaScript (gzip)', 'CSS (gzip)', 'Files'],
        routeRows.map((row) => [code(row.key), row.label, formatKb(row.js), formatKb(row.css), String(row.files)]),
      ),
    ],
  };
}
