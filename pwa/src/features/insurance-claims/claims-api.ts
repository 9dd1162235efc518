/**
 * Insurance claims online (issue 31): the admin's list the server pages and filters, one
 * claim with the agents suggested for it, and the admin's own steps (assign, record a payout),
 * which an admin makes at a desk, online, each with an Idempotency-Key so a retry counts once.
 */
import type { ClaimPayoutInput, ClaimStatus } from 'edge-api/src/schemas/claim.ts';
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';

export const claimsPageSize = 20;

export interface ClaimListQuery {
  status: ClaimStatus | '';
  overdue: boolean;
  page: number;
}

export async function fetchClaimsPage(query: ClaimListQuery, signal?: AbortSignal) {
  const res = await api.claims.$get(
    {
      query: {
        page: String(query.page),
        pageSize: String(claimsPageSize),
        ...(query.status ? { status: query.status } : {}),
        ...(query.overdue ? { overdue: 'true' as const } : {}),
      },
    },
    { init: { signal } },
  );
  return answerOf(res);
}

export async function fetchClaim(id: string, signal?: AbortSignal) {
  return answerOf(await api.claims[':id'].$get({ param: { id } }, { init: { signal } }));
}

export type SuggestedAgent = Awaited<ReturnType<typeof fetchClaim>>['suggestedAgents'][number];

export async function assignClaimAgent(id: string, agentEmail: string, key: string) {
  return answerOf(await api.claims[':id'].assign.$patch({ param: { id }, json: { agentEmail } }, { headers: { 'Idempotency-Key': key } }));
}

export async function recordPayout(id: string, payout: ClaimPayoutInput, key: string) {
  return answerOf(await api.claims[':id'].payout.$post({ param: { id }, json: payout }, { headers: { 'Idempotency-Key': key } }));
}
