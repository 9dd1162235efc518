/**
 * `npm run build`: the PWA (Vite, into pwa/dist) and the Node server (esbuild, edge-api/src/node/node.ts
 * into edge-api/dist/server.js, run by `npm start` with plain `node`).
 * `--if-stale` (what `npm start` runs first) builds only an output that is missing or older than
 * one of its sources, so a start with nothing changed goes straight to `node`.
 *
 * Plain JavaScript on purpose: deciding "nothing changed" must not need tsx, and esbuild/Vite are
 * loaded only when something has to be built.
 */
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const root = join(import.meta.dirname, '..');
const at = (path) => join(root, path);

/** Lock file and shared compiler settings: a dependency update or a setting change rebuilds both. */
const sharedInputs = ['package-lock.json', 'tsconfig.base.json', 'scripts/build.mjs'];

const targets = [
  {
    name: 'the PWA',
    // Written by Vite at the end of the main bundle (the service worker follows it).
    output: 'pwa/dist/index.html',
    // The PWA imports types and schemas from edge-api/src.
    inputs: ['pwa', 'edge-api/src', ...sharedInputs],
    build: buildPwa,
  },
  {
    name: 'the server',
    output: 'edge-api/dist/server.js',
    inputs: ['edge-api/src', 'edge-api/package.json', 'edge-api/tsconfig.json', ...sharedInputs],
    build: buildServer,
  },
];

/** Folders that are outputs or installs, never sources. */
const skippedDirs = new Set(['node_modules', 'dist', 'dev-dist']);

/** The newest modification time among the files under `path` (tests excluded: they are not built). */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows only as its folder's change
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || skippedDirs.has(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

function staleReason(target) {
  const output = at(target.output);
  if (!existsSync(output)) return `${target.output} is missing`;
  const builtAt = statSync(output).mtimeMs;
  const changed = target.inputs.find((input) => newestMtime(at(input)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

function buildPwa() {
  const result = spawnSync('npm', ['run', 'build', '-w', 'pwa'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The PWA build failed (npm run build -w pwa).');
}

async function buildServer() {
  const { build } = await import('esbuild');
  await build({
    // The server, and beside it the worker threads' entry that decodes pictures (node/image-threads.ts).
    entryPoints: { server: at('edge-api/src/node/node.ts'), 'image-worker': at('edge-api/src/node/image-worker.ts') },
    // node.ts looks for migrations/ and pwa/dist in the nearest folder above it that has them.
    outdir: at('edge-api/dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // A native addon, and the thread pool (it starts its own worker file, found beside its
    // module): loaded from node_modules at run time.
    external: ['better-sqlite3', 'piscina'],
    // Some bundled CommonJS packages call require() for Node built-ins; ESM has no require of its own.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
}

async function main() {
  const ifStale = process.argv.includes('--if-stale');
  for (const target of targets) {
    const reason = ifStale ? staleReason(target) : 'asked';
    if (!reason) continue;
    if (ifStale) console.log(`Building ${target.name}: ${reason}.`);
    const started = Date.now();
    await target.build();
    console.log(`Built ${target.name} (${target.output}) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
