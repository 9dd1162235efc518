/** The built PWA the benchmarks measure: built on demand when missing (or BENCH_BUILD=1). */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pwaDist, pwaIsBuilt, repoRoot } from './processes.ts';

export const viteManifestPath = join(pwaDist, '.vite/manifest.json');

let builtThisRun = false;

/** Builds pwa/dist when it is missing, or when `force`/BENCH_BUILD=1 asks (once per run). */
export function ensureBuilt(log: (line: string) => void, options: { needManifest?: boolean } = {}): void {
  const forced = process.env.BENCH_BUILD === '1';
  const missing = !pwaIsBuilt() || (options.needManifest && !existsSync(viteManifestPath));
  if (builtThisRun || (!missing && !forced)) return;
  log(missing ? '  pwa/dist is missing or old: running `npm run build`' : '  BENCH_BUILD=1: running `npm run build`');
  const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`);
  builtThisRun = true;
}

export function builtAt(): string {
  return statSync(join(pwaDist, 'index.html')).mtime.toISOString();
}
