/**
 * Premium reminders (issue 49, docs/decisions/0108): 7 days before a due, on its day, halfway
 * through its grace, and the lapse notice, each once per due and kind (premium_reminders, written
 * in the same batch as the notification, so a restart sends nothing twice and loses nothing).
 * Runs with the housekeeping (hourly: Node's timer, the Worker's cron). Between 21:00 and 08:00
 * in Dhaka it sends nothing: what falls due overnight is sent by the first run after 08:00, as
 * each kind stays due over a window of days, not one instant. Bounded: unpaid dues are read a
 * page at a time by day (an index of unpaid dues), never the whole book. Each reminder also goes
 * by SMS to a proven number (sms/premium-sms.ts, queued in the same batch; decision 0117).
 */
import { sql, type CompiledQuery } from 'kysely';
import type { AppDeps } from '../http/env.ts';
import type { AppConfig } from '../http/config.ts';
import type { ReminderKind } from '../db/premium-rows.ts';
import { notifyAboutApplication } from '../notifications/events.ts';
import { addDays } from '../schemas/premium-schedule.ts';
import { dhakaToday } from '../schemas/claim.ts';
import { newId } from '../lib/ids.ts';
import { inQuietHours } from '../lib/quiet-hours.ts';
import { queuePremiumSms } from '../sms/premium-sms.ts';
import { makeSchedule, premiumBasisOf } from './dues.ts';

type Deps = Pick<AppDeps, 'db' | 'batch'> & { config: Pick<AppConfig, 'premiums'> };

export { inQuietHours };

/** A lapse notice older than this is not sent any more (a server down for a month does not flood the inbox). */
const lapseNoticeDays = 30;
/**
 * Unpaid dues read, and reminders written, per page. A page's compiled statements live until its
 * batch commits: at 500 (and 200) a page's worth outlived the young generation and the pass's heap
 * peaked ~90 MB above its start; at 100, 21-65 MB above in three runs, for ~30% more time (more commits)
 * at 100,000 policies (decision 0126).
 */
const pageSize = 100;

interface Candidate {
  id: string;
  application_id: string;
  due_on: string;
  first_unpaid: number;
  before: number;
  on_day: number;
  mid_grace: number;
  lapsed: number;
}

/**
 * The kind of reminder a due is owed on one day, or null; `firstUnpaid`: no earlier due of its
 * policy is unpaid. The day's boundaries are worked out once (a pass asks for every unpaid due in
 * its window: date arithmetic per due was a third of the pass's own work, decision 0126).
 */
export function reminderKindsOn(today: string, graceDays: number) {
  // Each boundary is the earliest (or latest) due day for which a kind is owed today.
  const lapseNoticeFrom = addDays(today, -(graceDays + lapseNoticeDays)); // grace ended, notice not too old
  const graceEndedBefore = addDays(today, -graceDays); // grace ends on due + graceDays: over when today is after it
  const midGraceBy = addDays(today, -Math.floor(graceDays / 2));
  const beforeFrom = addDays(today, 7);
  return (dueOn: string, firstUnpaid: boolean): ReminderKind | null => {
    if (firstUnpaid && dueOn < graceEndedBefore) return dueOn >= lapseNoticeFrom ? 'lapsed' : null;
    if (firstUnpaid && dueOn <= midGraceBy) return 'mid_grace';
    if (dueOn <= today) return dueOn >= graceEndedBefore ? 'on_day' : null;
    if (dueOn <= beforeFrom) return 'before';
    return null;
  };
}

export interface ReminderPass {
  held: boolean;
  sent: number;
  scanned: number;
}

/** Policies whose schedule one pass makes at most: each costs two reads and a write (a Worker's calls are counted). */
const schedulesPerPass = 25;

/**
 * A schedule is made the first time anything reads it (premiums/dues.ts); a policy nobody has
 * looked at since its approval would have no dues to be reminded of. The pass makes a few.
 */
async function makeMissingSchedules(deps: Pick<AppDeps, 'db'>): Promise<number> {
  const { db } = deps;
  const missing = await db
    .selectFrom('applications')
    .selectAll()
    .where('status', '=', 'approved')
    .where('payment_status', '=', 'paid')
    .where('premium_mode', 'is not', null)
    // What a schedule needs (premiumBasisOf, makeSchedule): a policy without it would be picked every pass.
    .where('policy_number', 'is not', null)
    .where('verify_code', 'is not', null)
    .where('paid_at', 'is not', null)
    .where('estimated_premium', '>', 0)
    .where(({ exists, selectFrom }) => exists(selectFrom('policies').select(sql.lit(1).as('one')).whereRef('policies.id', '=', 'applications.policy_id').where('policies.duration', '>', 0)))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('premium_dues').select(sql.lit(1).as('one')).whereRef('premium_dues.application_id', '=', 'applications.id'))))
    // In no fixed order: whatever one pass cannot make, another will.
    .orderBy(sql`random()`)
    .limit(schedulesPerPass)
    .execute();
  for (const application of missing) {
    const basis = await premiumBasisOf(db, application);
    if (basis) await makeSchedule(db, basis);
  }
  return missing.length;
}

export async function sendPremiumReminders(deps: Deps, now: Date): Promise<ReminderPass> {
  if (inQuietHours(now)) return { held: true, sent: 0, scanned: 0 };
  await makeMissingSchedules(deps);
  const { db, batch } = deps;
  const { graceDays } = deps.config.premiums;
  const today = dhakaToday(now);
  const at = now.toISOString();
  const from = addDays(today, -(graceDays + lapseNoticeDays + 1));
  const to = addDays(today, 7);
  let sent = 0;
  let scanned = 0;
  const kindOn = reminderKindsOn(today, graceDays);
  let after = { dueOn: '', id: '' };
  for (;;) {
    // Unpaid dues in the window of any reminder, by day (premium_dues_unpaid_by_day_and_id, in its order), with the
    // kinds already sent and whether an earlier due of the policy is unpaid; the policy in force
    // (approved, paid) with its term not yet over.
    const page = (await sql<Candidate>`
      SELECT d.id, d.application_id, d.due_on,
        NOT EXISTS (SELECT 1 FROM premium_dues e WHERE e.application_id = d.application_id AND e.seq < d.seq AND e.paid_at IS NULL) AS first_unpaid,
        EXISTS (SELECT 1 FROM premium_reminders r WHERE r.due_id = d.id AND r.kind = 'before') AS before,
        EXISTS (SELECT 1 FROM premium_reminders r WHERE r.due_id = d.id AND r.kind = 'on_day') AS on_day,
        EXISTS (SELECT 1 FROM premium_reminders r WHERE r.due_id = d.id AND r.kind = 'mid_grace') AS mid_grace,
        EXISTS (SELECT 1 FROM premium_reminders r WHERE r.due_id = d.id AND r.kind = 'lapsed') AS lapsed
      FROM premium_dues d
      WHERE d.paid_at IS NULL AND d.due_on >= ${from} AND d.due_on <= ${to}
        AND (d.due_on, d.id) > (${after.dueOn}, ${after.id})
      ORDER BY d.due_on, d.id
      LIMIT ${pageSize}`.execute(db)).rows;
    if (page.length === 0) break;
    scanned += page.length;
    const last = page.at(-1)!;
    after = { dueOn: last.due_on, id: last.id };
    const statements: CompiledQuery[] = [];
    for (const due of page) {
      const kind = kindOn(due.due_on, Boolean(due.first_unpaid));
      if (!kind || Boolean(due[kind])) continue;
      sent += 1;
      const base = newId();
      statements.push(
        sql`INSERT INTO premium_reminders (due_id, kind, sent_at) VALUES (${due.id}, ${kind}, ${at}) ON CONFLICT DO NOTHING`.compile(db),
        // Told only if the reminder was not sent meanwhile (changes() of the insert just before),
        // and only while the policy is approved and paid.
        ...notifyAboutApplication(
          db,
          { event: kind === 'lapsed' ? 'policy_lapsed' : 'premium_due', applicationId: due.application_id, at, base },
          sql`changes() = 1 AND id = ${due.application_id} AND status = 'approved' AND payment_status = 'paid'`,
        ),
        // And by SMS (sms/premium-sms.ts), only with that notification.
        queuePremiumSms(db, `${base}-0`, { dueId: due.id, kind }),
      );
    }
    // A batch per page: its size is bounded, and what a page sent is committed before the next.
    if (statements.length > 0) await batch(statements);
    if (page.length < pageSize) break;
  }
  return { held: false, sent, scanned };
}
