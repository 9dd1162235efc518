/** The lapse rule of claims (issue 49, decision 0113) on its own: the event's day, the dues as they stood then. */
import { describe, expect, it } from 'vitest';
import { duesAsOf, lapsedOnEvent, lapsedOnEventMessage, readLapsedOnEvent } from './claim-lapse.ts';
import type { PremiumDue } from './premium-schedule.ts';

const settings = { graceDays: 30, revivalDays: 1825 };
const due = (seq: number, dueOn: string, paidAt: string | null = null): PremiumDue => ({ id: `a:${seq}`, dueOn, amountMinor: 60_000, paidAt, receiptId: paidAt ? 'r' : null });
const dues = [due(0, '2026-01-10'), due(1, '2026-02-10'), due(2, '2026-03-10')];

describe('a claim and the policy state on the event day', () => {
  it('covers the last day of grace, not the day after', () => {
    expect(lapsedOnEvent(dues, '2026-02-09', null, settings)).toBeNull();
    expect(lapsedOnEvent(dues, '2026-02-10', null, settings)).toMatchObject({ details: { reason: 'lapsed', lapsedOn: '2026-02-10', unpaidDueOn: '2026-01-10', graceEndsOn: '2026-02-09' } });
  });

  it('a payment after the event day does not cover it; one on that day does', () => {
    const revived = [due(0, '2026-01-10', '2026-03-01T04:00:00Z'), due(1, '2026-02-10', '2026-03-01T04:00:00Z'), due(2, '2026-03-10')];
    expect(lapsedOnEvent(revived, '2026-02-20', null, settings)?.details.lapsedOn).toBe('2026-02-10');
    expect(lapsedOnEvent(revived, '2026-03-01', null, settings)).toBeNull();
    // Paid at 23:30 Dhaka on 1 March is 1 March's payment (17:30 UTC).
    expect(duesAsOf([due(0, '2026-01-10', '2026-03-01T17:30:00Z')], '2026-03-01')[0]?.paidAt).not.toBeNull();
    expect(duesAsOf([due(0, '2026-01-10', '2026-03-01T18:30:00Z')], '2026-03-01')[0]?.paidAt).toBeNull();
  });

  it('the message carries its days back to the page', () => {
    expect(readLapsedOnEvent(lapsedOnEventMessage('2026-02-10', '2026-01-10'))).toEqual({ lapsedOn: '2026-02-10', unpaidDueOn: '2026-01-10' });
    expect(readLapsedOnEvent('The date of the event cannot be in the future')).toBeNull();
  });
});
