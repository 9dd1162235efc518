/**
 * The agent's Collections list from the device, for when there is no network: the assigned
 * policies' unpaid dues up to 30 days ahead, worked out from the synced dues (sync pull) with
 * the server's own rules; else the last list the server gave this device, kept in the local
 * copy's meta table. Either way the dues already collected on this phone, still in the outbox,
 * are taken off (collection-marks.ts).
 */
import { addDays, dueSoonDays } from 'edge-api/src/schemas/premium-schedule.ts';
import { dhakaToday } from 'edge-api/src/schemas/claim.ts';
import { localDb } from '../../lib/local-db.ts';
import { localPremiums } from '../../lib/premiums/local-premiums.ts';
import type { CollectionItem } from './collections-api.ts';

const savedKey = (email: string) => `premium-collections:${email.toLowerCase()}`;

export async function saveCollections(email: string, items: CollectionItem[]): Promise<void> {
  await localDb.meta.put({ key: savedKey(email), value: { items, savedAt: new Date().toISOString() } });
}

export async function collectionsOnDevice(email: string, now = new Date()): Promise<CollectionItem[] | null> {
  const applications = await localDb.applications.where('assignedAgent').equalsIgnoreCase(email).toArray();
  const horizon = addDays(dhakaToday(now), dueSoonDays);
  const fromSync: CollectionItem[] = [];
  for (const application of applications) {
    const premiums = localPremiums(application, undefined, now);
    if (!premiums || premiums.state === 'matured') continue;
    const dues = premiums.dues.filter((due) => !due.paidAt && due.dueOn <= horizon);
    if (dues.length === 0) continue;
    fromSync.push({
      applicationId: application.id,
      policyNumber: premiums.policyNumber,
      policyName: application.policyName,
      policyNameBn: application.policyNameBn,
      holder: application.name,
      phone: application.phone,
      address: application.address,
      assignedAgent: application.assignedAgent,
      state: premiums.state,
      dues,
      totalMinor: dues.reduce((sum, due) => sum + due.amountMinor, 0),
    } as CollectionItem);
  }
  if (fromSync.length > 0) return fromSync;
  const saved = (await localDb.meta.get(savedKey(email)))?.value as { items?: CollectionItem[] } | undefined;
  return saved?.items ?? (applications.length > 0 ? [] : null);
}
