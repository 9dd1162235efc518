/**
 * The premium reminder pass over 100,000 policies (issue 49, premiums/reminders.ts): a SQLite
 * file with 100,000 policies in force on monthly schedules (3 years: 3.6 million dues), their
 * past dues paid but the latest, started on days spread over the last year; then one pass at
 * 10:00 Dhaka time (it sends the reminders owed) and a second one (it sends nothing: each is sent
 * once). Printed: the time of each pass, the dues it looked at, the reminders sent, and the
 * process's heap and RSS growth over the pass. `npm run bench -- premiums` (BENCH_QUICK=1: 10,000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { migrate } from '../edge-api/src/node/migrate.ts';
import { migrationsDir } from '../edge-api/src/node/node.ts';
import { createNodeDatabase } from '../edge-api/src/node/sqlite-node.ts';
import { premiumSchedule, addDays } from '../edge-api/src/schemas/premium-schedule.ts';
import { sendPremiumReminders } from '../edge-api/src/premiums/reminders.ts';
import { policyRow, userRow } from '../edge-api/src/seed/factories.ts';
import { markdownTable, type BenchContext, type BenchOutcome } from './support/report.ts';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function runPremiumsBench(ctx: BenchContext): Promise<BenchOutcome> {
  const policies = ctx.quick ? 10_000 : 100_000;
  const dir = mkdtempSync(join(tmpdir(), 'bench-premiums-'));
  const database = createNodeDatabase(join(dir, 'premiums.sqlite'));
  try {
    migrate(database.sqlite, migrationsDir);
    const now = new Date('2026-11-28T04:00:00Z'); // 10:00 in Dhaka
    const today = '2026-11-28';
    const s = database.sqlite;
    const fill = performance.now();
    await database.db.insertInto('users').values(userRow({ id: 'bench-user', email: 'bench@premiums.test', role: 'user' })).execute();
    await database.db.insertInto('policies').values(policyRow({ id: 'bench-policy', duration: 3 })).execute();
    const application = s.prepare(
      `INSERT INTO applications (id, user_id, user_email, name, address, nid, nominee_name, relationship, health_conditions, estimated_premium, policy_id, policy_name,
         status, payment_status, applied_at, decided_at, paid_at, policy_number, verify_code, premium_mode)
       VALUES (?, 'bench-user', 'bench@premiums.test', 'Bench', 'Dhaka', '1990123456789', 'N', 'Spouse', '[]', 1000, 'bench-policy', 'Bench Life',
         'approved', 'paid', ?, ?, ?, ?, ?, 'monthly')`,
    );
    const due = s.prepare('INSERT INTO premium_dues (id, application_id, seq, due_on, amount_minor, paid_at, receipt_id) VALUES (?, ?, ?, ?, ?, ?, ?)');
    s.transaction(() => {
      for (let i = 0; i < policies; i += 1) {
        const id = `bench-${i}`;
        const startedOn = addDays(today, -(i % 365));
        const at = `${startedOn}T04:00:00.000Z`;
        application.run(id, at, at, at, `BD-B${i}`, i.toString(16).padStart(32, '0'));
        const schedule = premiumSchedule(startedOn, 3, 1000, 'monthly');
        const latestPast = schedule.filter((d) => d.dueOn <= today).length - 1;
        for (const d of schedule) {
          const paid = d.seq < latestPast || (d.seq === latestPast && i % 4 === 0);
          due.run(`${id}:${String(d.seq).padStart(3, '0')}`, id, d.seq, d.dueOn, d.amountMinor, paid ? at : null, paid ? 'r' : null);
        }
      }
    })();
    const fillSeconds = (performance.now() - fill) / 1000;
    const dues = (s.prepare('SELECT COUNT(*) AS n FROM premium_dues').get() as { n: number }).n;
    ctx.log(`premiums: ${policies} policies, ${dues} dues written in ${fillSeconds.toFixed(1)} s`);

    const deps = { db: database.db, batch: database.batch, config: { premiums: { graceDays: 30, revivalDays: 1825 } } };
    const passes: string[][] = [];
    const figures: { ms: number; heap: number; rss: number; sent: number; scanned: number }[] = [];
    for (const label of ['first pass', 'second pass']) {
      global.gc?.();
      const heap0 = process.memoryUsage().heapUsed;
      const rss0 = process.memoryUsage().rss;
      let peakHeap = heap0;
      const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 20);
      const t0 = performance.now();
      const result = await sendPremiumReminders(deps, now);
      const ms = performance.now() - t0;
      clearInterval(sampler);
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      const rss = process.memoryUsage().rss - rss0;
      figures.push({ ms, heap: peakHeap - heap0, rss, sent: result.sent, scanned: result.scanned });
      passes.push([label, `${(ms / 1000).toFixed(2)} s`, String(result.scanned), String(result.sent), mb(peakHeap - heap0), mb(rss)]);
      ctx.log(`premiums ${label}: ${(ms / 1000).toFixed(2)} s, ${result.scanned} dues looked at, ${result.sent} reminders sent, heap +${mb(peakHeap - heap0)}, RSS +${mb(rss)}`);
    }
    const [first] = figures;
    return {
      goals: [
        {
          figure: `Reminder pass over ${policies.toLocaleString('en')} policies`,
          goal: 'under 60 s, heap growth under 100 MB',
          measured: `${((first?.ms ?? 0) / 1000).toFixed(1)} s, heap +${mb(first?.heap ?? 0)}`,
          met: first ? first.ms < 60_000 && first.heap < 100 * 1024 * 1024 : null,
          command: 'npm run bench -- premiums',
        },
      ],
      details: [
        `${policies.toLocaleString('en')} monthly policies of 3 years (${dues.toLocaleString('en')} dues), started over the last year, every past due paid but the latest (paid on one in four); written in ${fillSeconds.toFixed(1)} s.`,
        markdownTable(['Pass', 'Time', 'Unpaid dues looked at', 'Reminders sent', 'Heap growth (peak)', 'RSS growth'], passes),
      ],
      console: passes.map((row) => `premiums ${row[0]}: ${row[1]}, ${row[3]} sent, heap +${row[4]}`),
    };
  } finally {
    database.sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
