/**
 * A policy's premiums from the device's copy (the sync pull carries each policy's dues and
 * receipts, docs/premiums-api.md), in the server's answer's shape: the state and each due's
 * status are worked out here with the very rules the server uses (schemas/premium-schedule.ts),
 * on the device's day, so an offline phone shows what the server would.
 */
import {
  defaultGraceDays,
  defaultRevivalDays,
  dueStatus,
  policyStanding,
  sslcommerzMinimumMinor,
  type PremiumDue,
} from 'edge-api/src/schemas/premium-schedule.ts';
import { dhakaToday } from 'edge-api/src/schemas/claim.ts';
import { policyNumberOf } from 'edge-api/src/schemas/policy-number.ts';
import type { Application } from '../../lib/local-db.ts';
import type { Due, PremiumReceipt, Premiums } from './premiums-api.ts';

/** What the sync pull carries on an application that is a policy in force. */
export interface SyncedPremiums {
  dues: PremiumDue[];
  receipts: PremiumReceipt[];
  /** The last day of the term, when the copy carries it: without it a matured policy is not told apart offline. */
  termEndsOn?: string | null;
}

export interface PremiumSettings {
  graceDays: number;
  revivalDays: number;
  minimumChargeMinor: number;
}

export const defaultPremiumSettings: PremiumSettings = { graceDays: defaultGraceDays, revivalDays: defaultRevivalDays, minimumChargeMinor: sslcommerzMinimumMinor };

/** The policy's dues on this device, or null when it has none (not a policy in force, or an older copy). */
export function syncedPremiumsOf(application: Application): SyncedPremiums | null {
  const premiums = (application as Application & { premiums?: SyncedPremiums | null }).premiums;
  return premiums && Array.isArray(premiums.dues) && premiums.dues.length > 0 ? premiums : null;
}

export function localPremiums(application: Application, settings: PremiumSettings = defaultPremiumSettings, now = new Date()): Premiums | null {
  const synced = syncedPremiumsOf(application);
  if (!synced) return null;
  const today = dhakaToday(now);
  const termEndsOn = synced.termEndsOn ?? null;
  const standing = policyStanding(synced.dues, today, termEndsOn, settings);
  const view = (due: PremiumDue): Due => ({ ...due, status: dueStatus(due, today) });
  return {
    applicationId: application.id,
    policyNumber: policyNumberOf(application) ?? '',
    policyName: application.policyName,
    policyNameBn: application.policyNameBn,
    holder: application.name,
    mode: application.premiumMode,
    state: standing.state,
    graceDays: settings.graceDays,
    revivalDays: settings.revivalDays,
    startedOn: synced.dues[0]?.dueOn ?? today,
    termEndsOn,
    graceEndsOn: standing.graceEndsOn,
    lapsedOn: standing.lapsedOn,
    revivableUntil: standing.revivableUntil,
    minimumChargeMinor: settings.minimumChargeMinor,
    nextDue: standing.nextDue ? view(standing.nextDue) : null,
    dues: synced.dues.map(view),
    receipts: synced.receipts,
  } as Premiums;
}
