/** Which of a claim's required papers have no photo yet (schemas/claim.ts requiredDocuments). */
import type { StoredClaim } from '../db/claims.ts';
import type { AppDeps } from '../http/env.ts';
import { requiredDocuments, type RequiredDocument } from '../schemas/claim.ts';

export async function missingClaimPapers(deps: Pick<AppDeps, 'db'>, claim: Pick<StoredClaim, 'id' | 'kind'>): Promise<RequiredDocument[]> {
  const rows = await deps.db.selectFrom('documents').select('paper').distinct().where('claim_id', '=', claim.id).where('paper', 'is not', null).execute();
  const attached = new Set(rows.map((row) => row.paper));
  return requiredDocuments[claim.kind].filter((paper) => !attached.has(paper));
}

export const missingPapersMessage = (claimNumber: string, missing: readonly string[]) =>
  `Claim ${claimNumber} cannot be approved until every required paper is attached. Missing: ${missing.join(', ')}.`;
