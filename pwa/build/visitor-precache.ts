/**
 * What a visitor's service worker precaches (issue 32, docs/decisions/0082-a-first-visit-that-costs-little.md):
 * the files a visitor can reach, not every file of the build.
 *
 * The rule is by route table, not by a list of screens: every screen lazily imported by a
 * signed-in route table (`signedInRouteTables`, today app/routes/dashboard-routes.tsx) is a
 * signed-in screen, and so is everything only those screens import. A visitor's files are the
 * ones the entry reaches, statically or lazily, without going through a signed-in screen. A
 * screen added to the dashboard's table is left out of a visitor's precache with no change here.
 *
 * The plugin works out both sets from the module graph once the chunks are made and writes them
 * to `.vite/screens.json` (not served; the e2e test and the bench read it); `keepForVisitor`
 * then filters the precache list (vite-plugin-pwa's manifestTransforms). Signed-in screens are
 * cached by the worker as they load, and for the signed-in person's role after sign-in
 * (lib/role-screens.ts). The prerendered pages and their data leave the precache too: the worker
 * keeps each as it is opened, and the page fetches the ones it links to when idle (lib/keep-pages.ts).
 */
import { readFileSync } from 'node:fs';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { screensListFile } from '../src/lib/screens-list.ts';

/** The route tables whose screens need a signed-in person. */
const signedInRouteTables = [/[\\/]pwa[\\/]src[\\/]app[\\/]routes[\\/]dashboard-routes\.tsx$/];

/**
 * Code public screens reach, that only a signed-in person's work runs: the signed-in screens'
 * texts (the catalogues' `screens` parts, which the shared runtime loads lazily: build/catalogue-parts.ts),
 * the header's notification bell and the inbox it reads (public-layout.tsx shows it signed in only),
 * the notifications offer and web push (offered after a signed-in person's application, turned off at sign-out),
 * the role's screens kept after sign-in (app/role-screens.ts),
 * sending documents (the uploader and tus-js-client: the push engine loads it lazily, and only
 * with a session) and preparing a picture for them (the photo worker, a file of its own: matched by name).
 * A visitor's first visit does not pay for them (docs/decisions/0087-bengali-first-visit-bytes.md);
 * a signed-in person's worker keeps them after sign-in (`signedInWork` in signed-in-screens.json).
 */
const signedInWorkModules = [
  /^\0?virtual:catalogue\/en\/screens$/,
  /^\0?virtual:catalogue\/bn\/screens$/,
  /[\\/]pwa[\\/]src[\\/]features[\\/]notifications[\\/]notification-bell\.tsx$/,
  /[\\/]pwa[\\/]src[\\/]components[\\/]notification-permission\.tsx$/,
  /[\\/]pwa[\\/]src[\\/]lib[\\/]web-push\.ts$/,
  /[\\/]pwa[\\/]src[\\/]app[\\/]role-screens\.ts$/,
  /[\\/]pwa[\\/]src[\\/]lib[\\/]documents[\\/]uploader\.ts$/,
  // What only the network can answer (decision 0119): signing in, registering, verifying,
  // unsubscribing (content-pages), applying (which needs a session), their forms' texts and zod
  // with the API's request schemas. A visitor's first visit fetches each when first opened (the
  // worker keeps it then); a signed-in person's worker keeps them all after sign-in.
  /[\\/]pwa[\\/]src[\\/]app[\\/]routes[\\/]content-pages\.ts$/,
  /[\\/]pwa[\\/]src[\\/]features[\\/]apply[\\/]apply-page\.tsx$/,
  /^\0?virtual:catalogue\/en\/forms$/,
  /^\0?virtual:catalogue\/bn\/forms$/,
  /[\\/]node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/,
  // The newsletter's rules, loaded when the form is first used (subscribing is sent at once).
  /[\\/]edge-api[\\/]src[\\/]schemas[\\/]newsletter\.ts$/,
  // Correcting a refused application (Sync problems loads it lazily): applying needs a session,
  // so a visitor's outbox never holds an application (decision 0120).
  /[\\/]pwa[\\/]src[\\/]features[\\/]apply[\\/]correct-refused\.ts$/,
];
const signedInWorkFiles = [/^assets\/prepare\.worker-[\w-]+\.js$/];

export const screensFile = '.vite/screens.json';

export interface Screens {
  /** Built files (relative to dist/) a visitor can reach: scripts, stylesheets, their assets. */
  visitor: string[];
  /** Built files only a signed-in screen reaches. */
  signedIn: string[];
}

let screens: Screens | null = null;

/**
 * A chunk of stylesheets only (a lazy `import('x.css')`): Vite drops its empty script from the
 * output after this plugin has run, and keeps the stylesheet, which the importer names.
 */
const isStylesOnly = (chunk: OutputChunk) => chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => /\.css($|\?)/.test(id));

const filesOf = (chunk: OutputChunk): string[] => {
  const meta = (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> } }).viteMetadata;
  return [...(isStylesOnly(chunk) ? [] : [chunk.fileName]), ...(meta?.importedCss ?? []), ...(meta?.importedAssets ?? [])];
};

/** The built files the lists name, which must all be in the written output. */
let named: string[] = [];

export function visitorPrecachePlugin(): Plugin {
  return {
    name: 'visitor-precache',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byModule = new Map<string, OutputChunk>();
      for (const chunk of chunks) for (const id of chunk.moduleIds) byModule.set(id, chunk);

      // The modules a signed-in route table imports lazily, less any a public module imports lazily too.
      const lazilyImported = (ids: Iterable<string>) => [...ids].flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
      const allModules = [...this.getModuleIds()];
      const tables = allModules.filter((id) => signedInRouteTables.some((table) => table.test(id)));
      if (tables.length !== signedInRouteTables.length) throw new Error('visitor-precache: a signed-in route table was not found in the build');
      const fromOthers = new Set(lazilyImported(allModules.filter((id) => !tables.includes(id))));
      const signedInRoots = new Set(lazilyImported(tables).filter((id) => !fromOthers.has(id)));
      const workRoots = allModules.filter((id) => signedInWorkModules.some((work) => work.test(id)));
      if (workRoots.length !== signedInWorkModules.length) throw new Error('visitor-precache: a signed-in work module was not found in the build');
      // A root's chunk, and the re-export file rolldown makes for a lazy import of a module that
      // shares its chunk (its facade): both are loaded only through the root.
      const chunksOf = (ids: string[]) => chunks.filter((chunk) => ids.some((id) => byModule.get(id) === chunk || chunk.facadeModuleId === id));
      const rootChunks = new Set(chunksOf([...signedInRoots, ...workRoots]));
      const workChunks = new Set(chunksOf(workRoots));

      // From the entry, through static and lazy imports, never lazily into a signed-in screen's
      // chunk. A chunk public code imports statically is loaded with it, so it is the visitor's
      // too (a signed-in table's lazy import and a public form's static one may share one); the
      // signed-in work must stay lazy: imported statically, it is a mistake in the code.
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const reached = new Set<OutputChunk>();
      const visit = (chunk: OutputChunk | undefined, lazily: boolean, from?: OutputChunk) => {
        if (!chunk || reached.has(chunk)) return;
        if (!lazily && workChunks.has(chunk)) throw new Error(`visitor-precache: ${chunk.fileName} (signed-in work) is imported statically by public code (${from?.fileName})`);
        if (lazily && rootChunks.has(chunk)) return;
        reached.add(chunk);
        for (const file of chunk.imports) visit(byFile.get(file), false, chunk);
        for (const file of chunk.dynamicImports) visit(byFile.get(file), true, chunk);
      };
      for (const chunk of chunks) if (chunk.isEntry) visit(chunk, false);

      const isWorkFile = (file: string) => signedInWorkFiles.some((work) => work.test(file));
      const visitor = new Set([...reached].flatMap(filesOf).filter((file) => !isWorkFile(file)));
      const allFiles = [...chunks.flatMap(filesOf), ...Object.keys(bundle)];
      if (!signedInWorkFiles.every((work) => allFiles.some((file) => work.test(file)))) throw new Error('visitor-precache: a signed-in work file was not found in the build');
      const signedIn = new Set([...chunks.filter((chunk) => !reached.has(chunk)).flatMap(filesOf), ...allFiles.filter(isWorkFile)].filter((file) => !visitor.has(file)));
      screens = { visitor: [...visitor].sort(), signedIn: [...signedIn].sort() };
      this.emitFile({ type: 'asset', fileName: screensFile, source: JSON.stringify(screens, null, 2) });

      // For each signed-in chunk, the signed-in files it may load later (its dialogs, say): a
      // role's screens are kept with everything they load, not only their own chunk (app/role-screens.ts).
      const later: Record<string, string[]> = {};
      for (const chunk of chunks) {
        if (reached.has(chunk)) continue;
        const seen = new Set<OutputChunk>();
        const walk = (next: OutputChunk | undefined) => {
          if (!next || seen.has(next) || reached.has(next)) return;
          seen.add(next);
          for (const file of [...next.imports, ...next.dynamicImports]) walk(byFile.get(file));
        };
        walk(chunk);
        seen.delete(chunk);
        const files = [...seen].flatMap(filesOf).filter((file) => signedIn.has(file));
        if (files.length) later[chunk.fileName] = [...new Set(files)].sort();
      }
      // Every signed-in person's work: its chunks with what they import, and its worker files.
      const work = new Set<OutputChunk>();
      const walkWork = (next: OutputChunk | undefined) => {
        if (!next || work.has(next) || reached.has(next)) return;
        work.add(next);
        for (const file of [...next.imports, ...next.dynamicImports]) walkWork(byFile.get(file));
      };
      for (const chunk of workChunks) walkWork(chunk);
      const signedInWork = [...new Set([...[...work].flatMap(filesOf), ...allFiles.filter(isWorkFile)])].sort();
      // Served (read after sign-in; never precached, but the worker keeps it once per build by its
      // revision, sw-screens.ts): `later`, and `signedInWork`, the files of every signed-in
      // person's work (sending documents).
      this.emitFile({ type: 'asset', fileName: screensListFile, source: JSON.stringify({ later, signedInWork }) });
      named = [...screens.visitor, ...screens.signedIn, ...Object.values(later).flat(), ...signedInWork];
    },
    // A file a list names but the build does not have would be asked for, and answered 404, at
    // every signed-in start (the worker keeps no 404).
    writeBundle(_options, bundle: OutputBundle) {
      const missing = [...new Set(named)].filter((file) => !(file in bundle));
      if (missing.length) throw new Error(`visitor-precache: the lists name files the build does not have: ${missing.join(', ')}`);
    },
  };
}

/** The build's screens (after the bundle was written), or those of `dist` read back. */
export function builtScreens(distDir?: string): Screens {
  if (distDir) return JSON.parse(readFileSync(`${distDir}/${screensFile}`, 'utf8')) as Screens;
  if (!screens) throw new Error('visitor-precache: the bundle has not been made yet');
  return screens;
}

/**
 * Whether a file of the build belongs in a visitor's precache: the built scripts, stylesheets
 * and fonts a visitor reaches; not the prerendered pages or their data (kept as opened,
 * lib/keep-pages.ts), except the list of pages; the shell, icons and stand-in pictures as before.
 */
export function keepForVisitor(url: string): boolean {
  // The Bengali block's font (~40 KB) is fetched by a page with Bengali text on a device without a
  // Bengali font (unicode-range), and kept by the worker then; an English visitor never needs it.
  if (/^assets\/bengali-[\w-]+\.woff2$/.test(url)) return false;
  // The Bangla labels' few glyphs (~3 KB) are fetched by the English pages that show the labels,
  // and handed to the worker then (lib/keep-offline.ts); a Bangla visit never needs them.
  if (/^assets\/bangla-label-[\w-]+\.woff2$/.test(url)) return false;
  // So is the taka sign's (~1 KB): English pages with money fetch it; Bangla pages never need it.
  if (/^assets\/taka-[\w-]+\.woff2$/.test(url)) return false;
  // The icons are the installer's and the home screen's (they fetch them themselves); the
  // notifications' (a signed-in person's) are kept as they are shown. The tab's icon is inside
  // every page (a data: address, vite.config.ts), so its file is asked for by no page (decision 0120).
  if (url.startsWith('icons/') || url === 'favicon.svg') return false;
  // The web app manifests are read by the browser when it installs the app, online.
  if (url.endsWith('.webmanifest')) return false;
  if (url.startsWith('assets/')) return builtScreens().visitor.includes(url);
  if (url.startsWith('pages/')) return url === 'pages/pages.json';
  return true;
}
