/**
 * The grace and revival settings the phone works a policy's state out with offline: those of
 * GET /client-config's `premiums` (the server's PREMIUM_GRACE_DAYS / PREMIUM_REVIVAL_DAYS), kept
 * in the local copy once read, so an offline phone uses the server's and not the defaults.
 */
import { answerOf } from '../api-error.ts';
import { api } from '../http.ts';
import { getMeta, setMeta } from '../local-db.ts';
import { defaultPremiumSettings, type PremiumSettings } from './local-premiums.ts';

const settingsKey = 'premium-settings';

/** The settings kept on this device (read inside a live query, it follows a refresh). */
export async function premiumSettingsOnDevice(): Promise<PremiumSettings> {
  return (await getMeta<PremiumSettings>(settingsKey)) ?? defaultPremiumSettings;
}

let refreshed: Promise<void> | null = null;

/** Reads the server's settings once per page load (again after a failure), and keeps them. */
export function refreshPremiumSettings(): Promise<void> {
  refreshed ??= (async () => {
    const config = await answerOf(await api['client-config'].$get());
    const premiums = (config as { premiums?: Partial<PremiumSettings> }).premiums;
    if (premiums && typeof premiums.graceDays === 'number' && typeof premiums.revivalDays === 'number') {
      await setMeta(settingsKey, { ...defaultPremiumSettings, ...premiums });
    }
  })().catch(() => {
    refreshed = null;
  });
  return refreshed;
}
