/**
 * The agent's Collections list from the device, for when there is no network: the assigned
 * policies' unpaid dues up to 30 days ahead, worked out from the dues the sync pull carries
 * (docs/premiums-api.md "Sync pull") with the server's own rules and settings, on the device's
 * day. A phone that synced has it without ever having opened the screen. The dues already
 * collected on this phone, still in the outbox, are taken off by the screen (collection-marks.ts).
 */
import { addDays, dueSoonDays } from 'edge-api/src/schemas/premium-schedule.ts';
import { dhakaToday } from 'edge-api/src/schemas/claim.ts';
import { localDb } from '../../lib/local-db.ts';
import { localPremiums } from '../../lib/premiums/local-premiums.ts';
import { premiumSettingsOnDevice } from '../../lib/premiums/premium-settings.ts';
import type { CollectionItem } from './collections-api.ts';

export async function collectionsOnDevice(email: string, now = new Date()): Promise<CollectionItem[]> {
  const applications = await localDb.applications.where('assignedAgent').equalsIgnoreCase(email).toArray();
  const settings = await premiumSettingsOnDevice();
  const horizon = addDays(dhakaToday(now), dueSoonDays);
  const items: CollectionItem[] = [];
  for (const application of applications) {
    const premiums = localPremiums(application, settings, now);
    if (!premiums || premiums.state === 'matured') continue;
    const dues = premiums.dues.filter((due) => !due.paidAt && due.dueOn <= horizon);
    if (dues.length === 0) continue;
    items.push({
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
  // The most overdue first, as the server's list puts the policies in arrears before the rest.
  return items.sort((a, b) => (a.dues[0]?.dueOn ?? '').localeCompare(b.dues[0]?.dueOn ?? ''));
}
