/**
 * Premium reminders (issue 49): 7 days before a due, on its day, halfway through grace and the
 * lapse notice, each once per due and kind, also across a restart (a new connection to the same
 * file); nothing between 21:00 and 08:00 in Dhaka, sent the next morning instead.
 * Node-only: it runs the reminder pass on the database directly at a dozen chosen moments, each
 * kind in turn, and reopens the file. premiums-reminders.test.ts runs the pass as the hourly
 * housekeeping on both runtimes (the Worker's cron), with its SMS; lib/quiet-hours.test.ts the hours.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/node/migrate.ts';
import { migrationsDir } from '../src/node/node.ts';
import { createNodeDatabase } from '../src/node/sqlite-node.ts';
import { applicationRow, policyRow, userRow } from '../src/seed/factories.ts';
import { duesOf, premiumBasisOf } from '../src/premiums/dues.ts';
import { sendPremiumReminders } from '../src/premiums/reminders.ts';

const dir = mkdtempSync(join(tmpdir(), 'premium-reminders-'));
const file = join(dir, 'reminders.sqlite');
let database = createNodeDatabase(file);
migrate(database.sqlite, migrationsDir);
afterAll(() => {
  database.sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

const config = { premiums: { graceDays: 30, revivalDays: 1825 } };
const pass = (iso: string) => sendPremiumReminders({ db: database.db, batch: database.batch, config }, new Date(iso));
const sentKinds = () =>
  database.sqlite.prepare('SELECT due_id, kind FROM premium_reminders ORDER BY sent_at, due_id').all() as { due_id: string; kind: string }[];
const told = () => database.sqlite.prepare('SELECT event FROM notifications ORDER BY created_at').all().map((row) => (row as { event: string }).event);

describe('premium reminders', () => {
  it('sends each kind once per due, across a restart, and holds them through the night', async () => {
    const holder = userRow({ role: 'user' });
    await database.db.insertInto('users').values(holder).execute();
    const policy = policyRow({ id: 'reminder-policy', duration: 3 });
    await database.db.insertInto('policies').values(policy).execute();
    const started = '2026-03-10T04:00:00.000Z'; // 10:00 in Dhaka
    const application = applicationRow(holder, {
      policy_id: policy.id, status: 'approved', payment_status: 'paid', decided_at: started, paid_at: started, receipt_number: 'RC-1',
      paid_amount_minor: 5000, policy_number: 'BD-REMIND', verify_code: 'a'.repeat(32), premium_mode: 'monthly', estimated_premium: 1000,
    });
    await database.db.insertInto('applications').values(application).execute();
    const basis = await premiumBasisOf(database.db, { ...application, version: 0 } as never);
    const dues = await duesOf(database, basis!);
    const [first] = dues;
    expect(first!.dueOn).toBe('2026-03-10');

    // 7 days before, at 09:00 Dhaka: the first due's reminder; again: nothing.
    expect(await pass('2026-03-03T03:00:00Z')).toMatchObject({ held: false, sent: 1 });
    expect(await pass('2026-03-03T09:00:00Z')).toMatchObject({ sent: 0 });
    // A restart: a new connection to the same file remembers what was sent.
    database.sqlite.close();
    database = createNodeDatabase(file);
    expect(await pass('2026-03-04T03:00:00Z')).toMatchObject({ sent: 0 });

    // Its day, at 22:00 Dhaka: held; the next morning at 08:30, sent.
    expect(await pass('2026-03-10T16:00:00Z')).toEqual({ held: true, sent: 0, scanned: 0 });
    expect(await pass('2026-03-11T02:30:00Z')).toMatchObject({ held: false, sent: 1 });
    // Halfway through grace (15 days), then the lapse once grace has ended; each once.
    expect(await pass('2026-03-25T04:00:00Z')).toMatchObject({ sent: 1 });
    expect(await pass('2026-03-26T04:00:00Z')).toMatchObject({ sent: 0 });
    expect(await pass('2026-04-10T04:00:00Z')).toMatchObject({ sent: 2 }); // the lapse, and the second due's day
    expect(await pass('2026-04-11T04:00:00Z')).toMatchObject({ sent: 0 });

    const key = (r: { due_id: string; kind: string }) => `${r.due_id} ${r.kind}`;
    expect(sentKinds().map(key).sort()).toEqual(
      [[first!.id, 'before'], [first!.id, 'on_day'], [first!.id, 'mid_grace'], [first!.id, 'lapsed'], [dues[1]!.id, 'on_day']].map(([due_id, kind]) => key({ due_id: due_id!, kind: kind! })).sort(),
    );
    expect(told().sort()).toEqual(['policy_lapsed', 'premium_due', 'premium_due', 'premium_due', 'premium_due']);
    const links = database.sqlite.prepare('SELECT DISTINCT link, user_id FROM notifications').all();
    expect(links).toEqual([{ link: `/dashboard/premiums/${application.id}`, user_id: holder.id }]);
  });

  it('a paid due is not reminded of', async () => {
    const before = told().length;
    database.sqlite.prepare("UPDATE premium_dues SET paid_at = '2026-04-12T00:00:00Z' WHERE due_on <= '2026-05-10'").run();
    expect(await pass('2026-05-05T04:00:00Z')).toMatchObject({ sent: 0 });
    expect(told().length).toBe(before);
  });
});
