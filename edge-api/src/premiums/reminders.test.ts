import { describe, expect, it } from 'vitest';
import { addDays } from '../schemas/premium-schedule.ts';
import { reminderKindsOn } from './reminders.ts';

/** The rule as decision 0108 words it, counted from the due's own day. */
function kindByTheRule(dueOn: string, today: string, graceDays: number, firstUnpaid: boolean) {
  const graceEnds = addDays(dueOn, graceDays);
  if (firstUnpaid && today > graceEnds) return today <= addDays(graceEnds, 30) ? 'lapsed' : null;
  if (firstUnpaid && today >= addDays(dueOn, Math.floor(graceDays / 2))) return 'mid_grace';
  if (today >= dueOn) return today <= graceEnds ? 'on_day' : null;
  if (today >= addDays(dueOn, -7)) return 'before';
  return null;
}

describe('the reminder owed on a day', () => {
  it('is the one the rule gives for every due from 90 days before to 90 days after, over month and leap-year ends', () => {
    for (const today of ['2026-11-28', '2027-01-01', '2028-02-29', '2028-03-01']) {
      for (const graceDays of [30, 15, 1]) {
        const kindOn = reminderKindsOn(today, graceDays);
        for (let offset = -90; offset <= 90; offset += 1) {
          const dueOn = addDays(today, offset);
          for (const firstUnpaid of [true, false]) {
            const expected = kindByTheRule(dueOn, today, graceDays, firstUnpaid);
            expect(kindOn(dueOn, firstUnpaid), `${dueOn} on ${today}, grace ${graceDays}, first unpaid ${firstUnpaid}`).toBe(expected);
          }
        }
      }
    }
  });

  it('names each kind at its edges (grace of 30 days)', () => {
    const kindOn = reminderKindsOn('2026-11-28', 30);
    expect(kindOn('2026-12-06', false)).toBe(null);
    expect(kindOn('2026-12-05', false)).toBe('before');
    expect(kindOn('2026-11-28', false)).toBe('on_day');
    expect(kindOn('2026-10-29', false)).toBe('on_day');
    expect(kindOn('2026-10-28', false)).toBe(null);
    expect(kindOn('2026-11-13', true)).toBe('mid_grace');
    expect(kindOn('2026-10-28', true)).toBe('lapsed');
    expect(kindOn('2026-09-29', true)).toBe('lapsed');
    expect(kindOn('2026-09-28', true)).toBe(null);
  });
});
