/**
 * vitest globalSetup for the Worker project: bundles the Worker exactly as `wrangler deploy`
 * would, and applies migrations/*.sql to a template D1 with `wrangler d1 migrations apply`,
 * the same command production uses. Each test file then starts Miniflare on a copy.
 * Every run gets its own folder, so runs side by side do not pull it from under each other.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

export const repoRoot = resolve(import.meta.dirname, '../../..');

declare module 'vitest' {
  export interface ProvidedContext {
    workerTestDir: string;
  }
}

export const workerBuildDir = (root: string) => join(root, 'build');
export const d1TemplateDir = (root: string) => join(root, 'd1-template');

export default function setup(project: TestProject) {
  // Inside the repository: workerd resolves the bundle's modules relative to the working directory.
  const cache = join(repoRoot, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const root = mkdtempSync(join(cache, 'worker-test-'));
  // wrangler.toml names the built PWA as the Worker's static assets; the API tests need no
  // assets, but wrangler refuses to bundle when the folder is missing (a clean clone).
  mkdirSync(join(repoRoot, 'pwa/dist'), { recursive: true });
  const wrangler = join(repoRoot, 'node_modules/.bin/wrangler');
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' };
  execFileSync(wrangler, ['deploy', '--dry-run', '--outdir', workerBuildDir(root)], { cwd: repoRoot, env, stdio: 'pipe' });
  execFileSync(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', d1TemplateDir(root)], {
    cwd: repoRoot,
    env,
    stdio: 'pipe',
  });
  project.provide('workerTestDir', root);
  return () => rmSync(root, { recursive: true, force: true });
}
