/**
 * What GET /sync adds to the database layer's delta (db/sync.ts PullShapes): each policy in
 * force's premiums (premiums/synced-premiums.ts) and service requests in the shape of
 * GET /api/service-requests's items (issue 51).
 */
import { toServiceRequestListItem, type ServiceRequestListItem } from '../commands/service-requests.ts';
import type { PullShapes, SyncChanges, SyncedApplication } from '../db/sync.ts';
import { premiumReads, syncedPremiumsReader, type SyncedPremiums } from '../premiums/synced-premiums.ts';
import { dhakaToday } from '../schemas/claim.ts';

export const pullShapes = (serviceRequestWorkingDays: number): PullShapes<SyncedPremiums, ServiceRequestListItem> => ({
  premiumReads,
  premiumsReader: syncedPremiumsReader,
  // As the list answers it; `overdue` as of the pull (the phone works it out again from `dueOn`).
  serviceRequest: (row, now) => toServiceRequestListItem(row, serviceRequestWorkingDays, dhakaToday(now)),
});

/** The pull's changes with the shapes above: what the PWA's typed client sees. */
export type PulledChanges = Omit<SyncChanges, 'applications' | 'serviceRequests'> & {
  applications: { upserts: SyncedApplication<SyncedPremiums>[]; deletes: string[] };
  serviceRequests: { upserts: ServiceRequestListItem[]; deletes: string[] };
};
