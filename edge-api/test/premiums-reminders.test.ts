/**
 * Premium reminders that arrive (issue 49 part 4), on Node and on the Worker: the hourly
 * housekeeping (the Worker's cron, `scheduled`) reminds each holder once per due and kind, in the
 * inbox and by SMS to a proven number in the person's language (not to one who opted out, nor to
 * an unproven number); nothing between 21:00 and 08:00 in Dhaka, sent the next morning; a second
 * pass, and a restart, send nothing new. A receipt notice made at night waits for the morning too.
 * The app's clock is moved by restarting the server with APP_CLOCK_AT (lib/app-clock.ts), always
 * behind the real one, so the tokens signed now are good.
 */
import { describe, expect, it } from 'vitest';
import { useApi, useStarted } from './support/app.ts';
import { call } from './support/calls.ts';
import { insertRow } from './support/rows.ts';
import { startSmsStandIn } from './support/sms-stand-in.ts';
import { runtime } from './support/target.ts';
import type { TestUser } from './support/users.ts';
import { applicationRow, policyRow } from '../src/seed/factories.ts';
import { dhakaToday } from '../src/schemas/claim.ts';
import { smsDate } from '../src/sms/premium-texts.ts';

const hour = 3_600_000;
/** The latest 08:30 in Dhaka (02:30 UTC) at least three hours ago. */
function lastMorning(): Date {
  const latest = Date.now() - 3 * hour;
  const morning = new Date(latest);
  morning.setUTCHours(2, 30, 0, 0);
  if (morning.getTime() > latest) morning.setUTCDate(morning.getUTCDate() - 1);
  return morning;
}
const morning = lastMorning();
/** 22:00 in Dhaka, the evening before. */
const night = new Date(morning.getTime() - 10.5 * hour);
const dueDay = dhakaToday(morning);

const sms = useStarted(startSmsStandIn, (standIn) => standIn.close());
const { api, bangla, english, optedOut, unproven, payer, agent } = useApi(
  { bangla: 'user', english: 'user', optedOut: 'user', unproven: 'user', payer: 'user', agent: 'agent' },
  { env: () => ({ ...sms.env, APP_CLOCK_AT: night.toISOString(), PUSH_SEND_INTERVAL_MS: '50' }) },
);

let numbers = 0;
async function givePhone(user: TestUser, options: { language: 'en' | 'bn'; proven?: boolean; optedOut?: boolean }) {
  const phone = `+8801812${String(++numbers).padStart(6, '0')}`;
  await api.sql(
    'UPDATE users SET phone = ?, phone_verified_at = ?, sms_opt_out = ?, language = ? WHERE id = ?',
    phone, options.proven === false ? null : night.toISOString(), options.optedOut ? 1 : 0, options.language, user.id,
  );
  return phone;
}

/** A monthly policy of ৳500 whose cover began at midnight in Dhaka on `startedOn`: its first due is that day. */
async function policyFor(owner: TestUser, startedOn: string, withAgent = false) {
  const policy = policyRow({ duration: 5, title: 'Shanti Term Life', title_bn: 'শান্তি মেয়াদি জীবন বিমা' });
  await insertRow(api, 'policies', policy);
  const started = new Date(`${startedOn}T00:00:00+06:00`).toISOString();
  const row = applicationRow(owner, {
    policy_id: policy.id, policy_name: policy.title, policy_name_bn: policy.title_bn, estimated_premium: 50_000,
    status: 'approved', payment_status: 'paid', decided_at: started, applied_at: started, paid_at: started,
    assigned_agent: withAgent ? agent.email : null, assigned_at: withAgent ? started : null,
    receipt_number: `RC-REMIND-${owner.id.slice(0, 6)}`, paid_amount_minor: 5000, paid_currency: 'bdt', paid_method: 'demo', paid_provider: 'demo',
    paid_transaction_id: `demo_pi_remind_${owner.id}`, policy_number: `BD-REM${owner.id.slice(0, 8).toUpperCase()}`,
    verify_code: owner.id.replace(/-/g, ''), premium_mode: 'monthly',
  });
  await insertRow(api, 'applications', row);
  return row.id;
}

const count = async (query: string, ...params: unknown[]) => ((await api.sql<{ n: number }>(query, ...params))[0]!.n);
const remindersSent = () => count('SELECT COUNT(*) AS n FROM premium_reminders');
const smsQueued = () => count('SELECT COUNT(*) AS n FROM sms_queue');
const smsPending = () => count("SELECT COUNT(*) AS n FROM sms_queue WHERE status = 'pending'");
const texts = (phone: string) => sms.messagesTo(phone).map((m) => m.message);

describe(`premium reminders on ${runtime}`, () => {
  it('hold through the night, go once in the morning by inbox and SMS in each language, and a second pass or a restart sends nothing new', async () => {
    const phones = {
      bangla: await givePhone(bangla, { language: 'bn' }),
      english: await givePhone(english, { language: 'en' }),
      optedOut: await givePhone(optedOut, { language: 'en', optedOut: true }),
      unproven: await givePhone(unproven, { language: 'bn', proven: false }),
      payer: await givePhone(payer, { language: 'en' }),
    };
    // Each policy's first due is today (in the morning's calendar); none has been looked at (no schedule yet).
    const policies = {
      bangla: await policyFor(bangla, dueDay),
      english: await policyFor(english, dueDay),
      optedOut: await policyFor(optedOut, dueDay),
      unproven: await policyFor(unproven, dueDay),
    };

    // 22:00 in Dhaka: the housekeeping holds every reminder.
    await api.housekeeping();
    expect(await remindersSent()).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM notifications WHERE event IN ('premium_due', 'policy_lapsed')")).toBe(0);

    // A premium collected in the field at night: the receipt is in the inbox at once, its SMS waits.
    const paid = await policyFor(payer, dhakaToday(night), true);
    const view = await call(api, 'GET', `/api/premiums/${paid}`, agent);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    const [first] = view.body.dues as { id: string; amountMinor: number }[];
    const collected = await call(api, 'POST', `/api/premiums/${paid}/collections`, agent,
      { dueIds: [first!.id], amountMinor: first!.amountMinor, collectedAt: night.toISOString() }, { 'idempotency-key': crypto.randomUUID() });
    expect(collected.status, JSON.stringify(collected.body)).toBe(201);
    expect(await count("SELECT COUNT(*) AS n FROM notifications WHERE event = 'premium_paid' AND user_id = ?", payer.id)).toBe(1);
    // The Worker's minute cron sends what SMS are due (Node's timer does every 50 ms): this one is not.
    await api.scheduled?.('* * * * *');
    expect(await smsPending()).toBe(1);
    expect(texts(phones.payer)).toEqual([]);

    // 08:30 the next morning, after a restart.
    await api.restart!({ APP_CLOCK_AT: morning.toISOString() });
    await api.housekeeping();
    expect(await remindersSent()).toBe(4);
    const due = { en: smsDate('en', dueDay), bn: smsDate('bn', dueDay) };
    await expect.poll(() => texts(phones.bangla), { timeout: 15_000 }).toEqual([
      `LifeSure: শান্তি মেয়াদি জীবন বিমার ৳৫০০ প্রিমিয়াম দেওয়ার দিন ${due.bn} এসে গেছে। অ্যাপ থেকে দিন।`,
    ]);
    await expect.poll(() => texts(phones.english), { timeout: 15_000 }).toEqual([
      `LifeSure: your premium of BDT 500 for Shanti Term Life fell due on ${due.en}. Pay in the app to keep your cover.`,
    ]);
    const [receipt] = await api.sql<{ receipt_number: string }>('SELECT receipt_number FROM premium_receipts WHERE application_id = ?', paid);
    await expect.poll(() => texts(phones.payer), { timeout: 15_000 }).toEqual([
      `LifeSure: we received your premium of BDT 500 for Shanti Term Life on ${smsDate('en', dhakaToday(night))}. Receipt ${receipt!.receipt_number}.`,
    ]);
    // Everyone is told in the inbox; by SMS only a proven number whose owner has not opted out.
    for (const [name, id] of Object.entries(policies)) {
      expect(await count("SELECT COUNT(*) AS n FROM notifications WHERE event = 'premium_due' AND entity_id = ?", id), name).toBe(1);
    }
    expect(await smsQueued()).toBe(3);
    await expect.poll(smsPending, { timeout: 15_000 }).toBe(0);
    expect(texts(phones.optedOut)).toEqual([]);
    expect(texts(phones.unproven)).toEqual([]);

    // A second pass, then a restart an hour later and a pass: nothing new is queued or sent.
    await api.housekeeping();
    await api.restart!({ APP_CLOCK_AT: new Date(morning.getTime() + hour).toISOString() });
    await api.housekeeping();
    await api.scheduled?.('* * * * *');
    expect(await remindersSent()).toBe(4);
    expect(await smsQueued()).toBe(3);
    expect(await smsPending()).toBe(0);
    expect(sms.delivered.length).toBe(3);
    // Two restarts of workerd take seconds each on a loaded machine.
  }, 120_000);
});
