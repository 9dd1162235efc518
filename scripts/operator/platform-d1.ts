/**
 * D1 for an operator tool through wrangler's `getPlatformProxy`: a real D1 binding in this Node
 * process, so the product's code runs on it exactly as in the Worker (its reads get rows back,
 * its batches are `d1.batch()`), unlike `wrangler d1 execute`, which returns no rows to a batch.
 * `--d1 local` opens the same local state `wrangler dev` uses (`<persist-to>/v3`, by default
 * .wrangler/state/v3); `--d1 remote` opens the deployed database through wrangler's remote
 * bindings (it needs `wrangler login`, like every remote command).
 */
import type { D1Database } from '@cloudflare/workers-types';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getPlatformProxy, unstable_readConfig } from 'wrangler';
import { createD1Database } from '../../edge-api/src/worker/d1.ts';
import type { OperatorDb } from './operator-db.ts';
import { repoRoot, type WranglerTarget } from './wrangler.ts';

/**
 * For remote: a configuration with only the database, marked `remote` (wrangler's remote
 * bindings), so the project's own wrangler.toml keeps `wrangler dev` fully local.
 */
function remoteOnlyConfig(configPath: string): { path: string; cleanup(): void } {
  const config = unstable_readConfig({ config: configPath });
  const database = config.d1_databases.find((d1: { binding: string }) => d1.binding === 'DB');
  if (!database) throw new Error(`${configPath} has no D1 database bound as DB`);
  const dir = mkdtempSync(join(tmpdir(), 'operator-remote-'));
  const path = join(dir, 'wrangler.json');
  const only = { ...database, remote: true };
  writeFileSync(path, JSON.stringify({ name: config.name, compatibility_date: config.compatibility_date, d1_databases: [only] }));
  return { path, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function openD1Binding(target: WranglerTarget): Promise<OperatorDb> {
  const configPath = resolve(target.config ?? join(repoRoot, 'wrangler.toml'));
  const remote = target.where === 'remote' ? remoteOnlyConfig(configPath) : undefined;
  try {
    const proxy = await getPlatformProxy<{ DB: D1Database }>({
      configPath: remote?.path ?? configPath,
      // wrangler's --persist-to adds the v3 folder itself; getPlatformProxy's path does not.
      persist: target.persistTo ? { path: join(resolve(target.persistTo), 'v3') } : true,
      remoteBindings: Boolean(remote),
      envFiles: [],
    });
    const { db, batch } = createD1Database(proxy.env.DB);
    return {
      db,
      batch,
      describe: `D1 (${target.where}${target.persistTo ? `, ${target.persistTo}` : ''})`,
      close: async () => {
        await db.destroy();
        await proxy.dispose();
        remote?.cleanup();
      },
    };
  } catch (error) {
    remote?.cleanup();
    throw error;
  }
}
