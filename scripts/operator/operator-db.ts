/**
 * The database an operator tool works on: the Node installation's SQLite file in DATA_DIR
 * (migrated first, as the server would), or a D1 database reached through wrangler. Both
 * give the product's own Kysely handle and batch runner, so the tools run the product's code
 * (password hashing, audit rows, the demo seed) unchanged on either.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { BatchRunner } from '../../edge-api/src/db/batch.ts';
import { migrate } from '../../edge-api/src/node/migrate.ts';
import { kyselyOverQueries } from '../../edge-api/src/db/query-function-kysely.ts';
import type { Database } from '../../edge-api/src/db/schema.ts';
import { createNodeDatabase } from '../../edge-api/src/node/sqlite-node.ts';
import { inlineParameters, sqlScript } from './sql-text.ts';
import { d1ExecuteScript, d1Query, repoRoot, type WranglerTarget } from './wrangler.ts';

export interface OperatorDb {
  db: Kysely<Database>;
  batch: BatchRunner;
  /** Where it is, for messages. */
  describe: string;
  close(): Promise<void>;
}

export function openD1(target: WranglerTarget): OperatorDb {
  // Each query is one `wrangler d1 execute --command`: slow, so the tools read little and write in one batch.
  const db = kyselyOverQueries(async (query) => ({ rows: d1Query(target, inlineParameters(query)) }), 'D1 through wrangler');
  return {
    db,
    // A batch is one SQL file: `wrangler d1 execute --file` applies it as a unit. Results
    // are not read back (the tools' batches do not need them).
    batch: async (queries) => {
      if (queries.length) d1ExecuteScript(target, sqlScript(queries));
      return queries.map(() => ({ changes: 0, rows: [] }));
    },
    describe: `D1 (${target.where}${target.persistTo ? `, ${target.persistTo}` : ''})`,
    close: async () => db.destroy(),
  };
}

export function openNode(dataDir: string): OperatorDb {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const database = createNodeDatabase(join(dir, 'insurance.sqlite'));
  migrate(database.sqlite, join(repoRoot, 'migrations'));
  return { db: database.db, batch: database.batch, describe: `SQLite in ${dir}`, close: () => database.close() };
}

/** Common options of the tools: `--d1 local|remote [--persist-to DIR] [-c wrangler.toml]`, else DATA_DIR. */
export function openTarget(options: { d1?: string; 'persist-to'?: string; config?: string }): OperatorDb {
  if (options.d1 === undefined) return openNode(process.env.DATA_DIR ?? './data');
  if (options.d1 !== 'local' && options.d1 !== 'remote') throw new Error('--d1 takes "local" or "remote"');
  return openD1({ where: options.d1, persistTo: options['persist-to'], config: options.config });
}

export const targetOptions = {
  d1: { type: 'string' },
  'persist-to': { type: 'string' },
  config: { type: 'string', short: 'c' },
} as const;
