/**
 * vitest globalSetup for the Worker project: bundles the Worker exactly as `wrangler deploy`
 * would, and applies migrations/*.sql to a template D1 with `wrangler d1 migrations apply`,
 * the same command production uses. Each test file then starts Miniflare on a copy.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../../..');
export const workerBuildDir = join(repoRoot, 'node_modules/.cache/worker-test/build');
export const d1TemplateDir = join(repoRoot, 'node_modules/.cache/worker-test/d1-template');

export default function setup() {
  rmSync(join(repoRoot, 'node_modules/.cache/worker-test'), { recursive: true, force: true });
  mkdirSync(workerBuildDir, { recursive: true });
  const wrangler = join(repoRoot, 'node_modules/.bin/wrangler');
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' };
  execFileSync(wrangler, ['deploy', '--dry-run', '--outdir', workerBuildDir], { cwd: repoRoot, env, stdio: 'pipe' });
  execFileSync(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', d1TemplateDir], {
    cwd: repoRoot,
    env,
    stdio: 'pipe',
  });
}
