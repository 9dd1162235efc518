/**
 * The app's own Node parts over one data folder (settings, the log and metrics, the database, the
 * clock, payments), as the Node server builds them: for the benches that run the app's code
 * beside or inside their own (floor-server.ts, micro-policy-read.ts), so both do the same work.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { readConfig } from '../../edge-api/src/http/config.ts';
import { useSha256 } from '../../edge-api/src/lib/idempotency.ts';
import { nodeOps } from '../../edge-api/src/node/ops-node.ts';
import { createNodeDatabase, readSynchronous } from '../../edge-api/src/node/sqlite-node.ts';
import { choosePaymentProvider } from '../../edge-api/src/payments/choose-provider.ts';

export function nodeAppParts(env: NodeJS.ProcessEnv, dataDir: string) {
  const config = readConfig(env, { jwtSecret: env.JWT_SECRET ?? '' });
  const ops = nodeOps(env, dataDir);
  const database = createNodeDatabase(join(dataDir, 'insurance.sqlite'), readSynchronous(env.SQLITE_SYNCHRONOUS), ops.onCommit);
  const clock = () => new Date();
  useSha256((text) => createHash('sha256').update(text).digest('hex'));
  const deps = { db: database.db, batch: database.batch, config, clock, payments: choosePaymentProvider(config, database.db, clock) };
  return { config, ops, database, clock, deps };
}
