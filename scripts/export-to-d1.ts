/**
 * `npm run export-to-d1 -- [--data-dir DIR] [--out FILE] [--d1 local|remote] [--print]`
 *
 * Moves a Node installation (DATA_DIR: the SQLite file and the images folder) to the Worker.
 * It writes every data row as SQL (default `<data-dir>/export-d1.sql`) for a freshly migrated
 * D1 (`npx wrangler d1 migrations apply DB --remote` first). With --d1 it also runs it with
 * `wrangler d1 execute` and puts every image into the R2 bucket with `wrangler r2 object put`;
 * with --print it only prints those wrangler commands. Refuses a D1 that already has accounts
 * or policies. Password hashes move as they are, so every account signs in with its password.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runWhenMain } from './operator/cli.ts';
import { exportNodeInstallation } from './operator/node-export.ts';
import { d1FileCommand, d1Query, r2Put, r2PutCommand, repoRoot, runWrangler, shellQuote, type WranglerTarget } from './operator/wrangler.ts';

/** The images bucket named in wrangler.toml (or -c). */
function bucketName(config?: string): string {
  const toml = readFileSync(config ? resolve(config) : join(repoRoot, 'wrangler.toml'), 'utf8');
  const name = toml.match(/\[\[r2_buckets\]\][^[]*?bucket_name\s*=\s*"([^"]+)"/)?.[1];
  if (!name) throw new Error('wrangler.toml names no R2 bucket (r2_buckets.bucket_name)');
  return name;
}

async function main() {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      out: { type: 'string' },
      d1: { type: 'string' },
      print: { type: 'boolean' },
      bucket: { type: 'string' },
      'persist-to': { type: 'string' },
      config: { type: 'string', short: 'c' },
    },
  });
  const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
  const out = resolve(values.out ?? join(dataDir, 'export-d1.sql'));
  const exported = exportNodeInstallation(dataDir, join(repoRoot, 'migrations'));
  writeFileSync(out, exported.sql);
  console.log(`Wrote ${exported.rowCount} rows to ${out}; ${exported.images.length} image(s) in ${join(dataDir, 'images')}.`);
  if (values.d1 === undefined && !values.print) {
    console.log('Run it with `npm run export-to-d1 -- --d1 remote` (or --print for the wrangler commands).');
    return;
  }
  if (values.d1 !== undefined && values.d1 !== 'local' && values.d1 !== 'remote') throw new Error('--d1 takes "local" or "remote"');
  const target: WranglerTarget = { where: values.d1 === 'local' ? 'local' : 'remote', persistTo: values['persist-to'], config: values.config };
  const bucket = values.bucket ?? bucketName(values.config);

  if (values.print) {
    console.log(shellQuote(d1FileCommand(target, out)));
    for (const image of exported.images) console.log(shellQuote(r2PutCommand(target, bucket, image.name, image.file, image.contentType)));
    return;
  }
  const [existing] = d1Query<{ accounts: number; policies: number }>(
    target,
    'SELECT (SELECT count(*) FROM users) AS accounts, (SELECT count(*) FROM policies) AS policies',
  );
  if (existing && (existing.accounts > 0 || existing.policies > 0)) {
    throw new Error(`The D1 database already has ${existing.accounts} account(s) and ${existing.policies} policies: export into a freshly migrated one.`);
  }
  runWrangler(d1FileCommand(target, out).slice(2));
  console.log(`Loaded ${exported.rowCount} rows into D1 (${target.where}).`);
  for (const image of exported.images) r2Put(target, bucket, image.name, image.file, image.contentType);
  console.log(`Put ${exported.images.length} image(s) into R2 bucket ${bucket} (${target.where}).`);
}

runWhenMain(import.meta.url, main);
