/**
 * Running wrangler for the operator tools: `wrangler d1 execute` and `wrangler r2 object put`
 * on the local (Miniflare) or remote (Cloudflare) copy. Metrics are off so that nothing needs
 * the network for a local run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');
const wranglerBin = join(repoRoot, 'node_modules/.bin/wrangler');

export type D1Where = 'local' | 'remote';

export interface WranglerTarget {
  where: D1Where;
  /** Local state folder (wrangler's --persist-to); default .wrangler/state as `wrangler dev` uses. */
  persistTo?: string;
  /** Another wrangler configuration file (-c). */
  config?: string;
}

export const wranglerEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  // No update check, no interactive prompts.
  CI: 'true',
  NO_UPDATE_NOTIFIER: '1',
});

function locationFlags(target: WranglerTarget): string[] {
  const flags = [target.where === 'remote' ? '--remote' : '--local'];
  if (target.where === 'local' && target.persistTo) flags.push('--persist-to', resolve(target.persistTo));
  if (target.config) flags.push('-c', resolve(target.config));
  return flags;
}

export function runWrangler(args: string[]): string {
  try {
    return execFileSync(wranglerBin, args, { cwd: repoRoot, env: wranglerEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`wrangler ${args.slice(0, 3).join(' ')} failed:\n${failed.stderr || failed.stdout || failed.message}`, { cause: error });
  }
}

/** The command line the tools run (printed by --print, and in error messages). */
export const d1FileCommand = (target: WranglerTarget, file: string) =>
  ['npx', 'wrangler', 'd1', 'execute', 'DB', ...locationFlags(target), '--yes', '--file', file];

/** Runs one SQL statement and returns its rows. */
export function d1Query<Row>(target: WranglerTarget, sql: string): Row[] {
  const out = runWrangler(['d1', 'execute', 'DB', ...locationFlags(target), '--yes', '--json', '--command', sql]);
  const start = out.indexOf('[');
  const parsed = JSON.parse(out.slice(start)) as { results?: Row[] }[];
  return parsed.flatMap((result) => result.results ?? []);
}

/** Runs a whole SQL script from a file (D1 applies a file as one unit). */
export function d1ExecuteScript(target: WranglerTarget, script: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'd1-script-'));
  try {
    const file = join(dir, 'script.sql');
    writeFileSync(file, script);
    runWrangler(d1FileCommand(target, file).slice(2));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const r2PutCommand = (target: WranglerTarget, bucket: string, key: string, file: string, contentType: string) => [
  'npx', 'wrangler', 'r2', 'object', 'put', `${bucket}/${key}`, ...locationFlags(target), '--file', file, '--content-type', contentType,
];

export function r2Put(target: WranglerTarget, bucket: string, key: string, file: string, contentType: string): void {
  runWrangler(r2PutCommand(target, bucket, key, file, contentType).slice(2));
}

export const shellQuote = (args: string[]) => args.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", `'\\''`)}'`)).join(' ');
