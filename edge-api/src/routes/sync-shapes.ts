/**
 * What GET /sync adds to the database layer's delta (db/sync.ts PullShapes): each policy in
 * force's premiums (premiums/synced-premiums.ts) and service requests in the shape of
 * GET /api/service-requests's items (issue 51).
 */
import { toServiceRequest, type ServiceRequestListItem } from '../commands/service-requests.ts';
import type { PulledServiceRequestRow } from '../db/sync-service-requests.ts';
import type { PullShapes, SyncChanges, SyncedApplication } from '../db/sync.ts';
import { premiumReads, syncedPremiumsReader, type SyncedPremiums } from '../premiums/synced-premiums.ts';
import { claimDueOn, dhakaToday } from '../schemas/claim.ts';

/** A pulled request as the list answers it; `overdue` as of the pull (the phone works it out again from `dueOn`). */
export function toSyncedServiceRequest(row: PulledServiceRequestRow, workingDays: number, now: Date): ServiceRequestListItem {
  const dueOn = claimDueOn(new Date(row.created_at), workingDays);
  return {
    ...toServiceRequest(row),
    policyName: row.policy_name,
    policyNameBn: row.policy_name_bn ?? null,
    policyNumber: row.policy_number ?? null,
    holder: row.holder,
    nomineeNidPhoto: row.nominee_nid_photo ? { documentId: row.nominee_nid_photo } : null,
    dueOn,
    overdue: row.status === 'pending' && dhakaToday(now) > dueOn,
  };
}

export const pullShapes = (serviceRequestWorkingDays: number): PullShapes<SyncedPremiums, ServiceRequestListItem> => ({
  premiumReads,
  premiumsReader: syncedPremiumsReader,
  serviceRequest: (row, now) => toSyncedServiceRequest(row, serviceRequestWorkingDays, now),
});

/** The pull's changes with the shapes above: what the PWA's typed client sees. */
export type PulledChanges = Omit<SyncChanges, 'applications' | 'serviceRequests'> & {
  applications: { upserts: SyncedApplication<SyncedPremiums>[]; deletes: string[] };
  serviceRequests: { upserts: ServiceRequestListItem[]; deletes: string[] };
};
