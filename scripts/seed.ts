/**
 * `npm run seed -- --d1 local|remote [--password P]`: fills an empty Worker database with the
 * demo, the very seed the Node demo fills itself with on first start (seedDemo 'full': policies,
 * blogs, agents, one account per role, and 60 days of activity made by the product's commands,
 * with their audit rows). On D1 it runs through a real D1 binding (wrangler's getPlatformProxy,
 * platform-d1.ts), where the commands read their own writes back. Without --d1 it fills
 * DATA_DIR's SQLite file. It does nothing when the database already has policies or users.
 */
import { parseArgs } from 'node:util';
import { seedDemo } from '../edge-api/src/seed/demo.ts';
import { runWhenMain } from './operator/cli.ts';
import { openTarget, targetOptions } from './operator/operator-db.ts';
import { openD1Binding } from './operator/platform-d1.ts';

async function main() {
  const { values } = parseArgs({ options: { password: { type: 'string' }, ...targetOptions } });
  const password = values.password ?? process.env.DEMO_PASSWORD ?? 'demo1234';
  if (values.d1 !== undefined && values.d1 !== 'local' && values.d1 !== 'remote') throw new Error('--d1 takes "local" or "remote"');
  const target = values.d1
    ? await openD1Binding({ where: values.d1, persistTo: values['persist-to'], config: values.config })
    : openTarget(values);
  try {
    const seeded = await seedDemo({ db: target.db, batch: target.batch, clock: () => new Date() }, { password, content: 'full' });
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
