/**
 * Which dues a person may tick, and what they come to. Dues are paid in order (the server refuses
 * a later due before an earlier unpaid one), so a choice is "the first n unpaid dues": ticking a
 * due ticks the ones before it, unticking one unticks those after it. A lapsed policy is revived
 * only with all its arrears, so those stay ticked.
 */
import { arrearsOf, duesReachingMinimum, type PremiumDue } from 'edge-api/src/schemas/premium-schedule.ts';
import type { PolicyState } from 'edge-api/src/schemas/premium-schedule.ts';

/** How many dues ahead (not yet due) the page offers to pay early. */
export const duesOfferedAhead = 12;

export interface DueChoice<D extends PremiumDue> {
  /** The unpaid dues offered, in order: every one up to today and the next few ahead. */
  offered: D[];
  /** The fewest that may be chosen: 1, or the arrears of a lapsed policy. */
  least: number;
}

export function dueChoiceOf<D extends PremiumDue>(dues: readonly D[], state: PolicyState, today: string): DueChoice<D> {
  const unpaid = dues.filter((due) => !due.paidAt);
  const pastCount = unpaid.filter((due) => due.dueOn <= today).length;
  const offered = unpaid.slice(0, pastCount + duesOfferedAhead);
  const least = state === 'lapsed' ? Math.max(1, arrearsOf(dues, today).length) : 1;
  return { offered, least: Math.min(least, offered.length) };
}

/** Ticking or unticking the due at `index` of the offered ones: the new count chosen. */
export function toggledCount(current: number, index: number, least: number): number {
  const next = index < current ? index : index + 1;
  return Math.max(least, next);
}

export const totalOf = (dues: readonly PremiumDue[]) => dues.reduce((sum, due) => sum + due.amountMinor, 0);

/** The count that reaches the gateway's minimum from the chosen count (the next dues ahead added). */
export function countReachingMinimum(offered: readonly PremiumDue[], allDues: readonly PremiumDue[], count: number, minimumMinor: number): number {
  const chosenIds = offered.slice(0, count).map((due) => due.id);
  return duesReachingMinimum(allDues, chosenIds, minimumMinor).length;
}
