/**
 * `npm run seed -- --d1 local|remote [--password P]`: fills an empty Worker database with the
 * demo (the same seed module the Node demo fills itself with on first start: policies, blogs,
 * agents, one account per role). Without --d1 it fills DATA_DIR's SQLite file. It does nothing
 * when the database already has policies or users.
 */
import { parseArgs } from 'node:util';
import { seedDemo } from '../edge-api/src/seed/demo.ts';
import { runWhenMain } from './operator/cli.ts';
import { openTarget, targetOptions } from './operator/operator-db.ts';

async function main() {
  const { values } = parseArgs({ options: { password: { type: 'string' }, ...targetOptions } });
  const password = values.password ?? process.env.DEMO_PASSWORD ?? 'demo1234';
  const target = openTarget(values);
  try {
    // The demo's applications and decisions are made by the product's commands, which read
    // their own writes back; through `wrangler d1 execute` they cannot, so a Worker gets the
    // accounts, the catalogue and the blogs (docs/decisions/0025).
    const content = target.describe.startsWith('D1') ? 'accounts' : 'full';
    const seeded = await seedDemo({ db: target.db, batch: target.batch, clock: () => new Date() }, { password, content });
    if (!seeded) {
      console.log(`${target.describe} already has policies or users: nothing seeded.`);
      return;
    }
    console.log(`Filled ${target.describe} with the demo content.`);
    console.log(`Demo accounts (password "${password}"): user@demo.local, agent@demo.local, admin@demo.local`);
    if (values.d1 === 'remote') console.log('These are public demo accounts: do not seed a database real customers use.');
  } finally {
    await target.close();
  }
}

runWhenMain(import.meta.url, main);
