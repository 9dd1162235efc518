/**
 * Who may see and send a claim's documents (migration 0225). Seeing: whoever may see the claim
 * (db/claims.ts maySeeClaim): its claimant (the policyholder or the proven nominee who filed it),
 * the agent it is assigned to, and admins. Sending: the claimant the papers its kind requires,
 * while the claim is undecided; the assigned agent evidence, while they clear it.
 */
import { findClaim, maySeeClaim, type StoredClaim } from '../db/claims.ts';
import type { AppDeps, SessionUser } from '../http/env.ts';
import { ApiError, conflict, forbidden } from '../http/errors.ts';
import { requiredDocuments, undecidedClaimStatuses } from '../schemas/claim.ts';
import type { DocumentUploadMetadata } from '../schemas/document.ts';

const notFound = () => new ApiError(404, 'not_found', 'Claim not found');

/** The claim, when this user may see its documents; 404 when there is none, 403 otherwise. */
export async function viewableClaim(deps: Pick<AppDeps, 'db'>, user: SessionUser, id: string): Promise<StoredClaim> {
  const row = await findClaim(deps.db, id);
  if (!row) throw notFound();
  if (!maySeeClaim(user, row)) throw forbidden('You can only see the documents of your own claims, or of the claims assigned to you.');
  return row;
}

/** The claim, and the paper the file stands for, when this user may send it to the claim. */
export async function uploadableClaim(
  deps: Pick<AppDeps, 'db'>,
  user: SessionUser,
  id: string,
  meta: DocumentUploadMetadata,
): Promise<{ claim: StoredClaim; paper: string | null }> {
  const claim = await viewableClaim(deps, user, id);
  if (meta.kind === 'evidence') {
    const assigned = user.role === 'agent' && claim.assigned_agent?.toLowerCase() === user.email.toLowerCase();
    if (!assigned) throw forbidden('Only the agent assigned to this claim can add evidence to it.');
  } else {
    if (claim.claimant_id !== user.id) throw forbidden('Only the person who filed this claim can add its papers.');
    if (meta.kind !== 'other') throw new ApiError(400, 'validation_failed', 'A paper of a claim is sent as kind "other" with the paper it shows.');
    const papers: readonly string[] = requiredDocuments[claim.kind];
    if (!meta.paper || !papers.includes(meta.paper)) {
      throw new ApiError(400, 'validation_failed', `This claim takes these papers: ${papers.join(', ')}.`);
    }
  }
  if (!(undecidedClaimStatuses as readonly string[]).includes(claim.status)) {
    throw conflict(`Claim ${claim.claim_number} is already decided: no document can be added to it.`);
  }
  return { claim, paper: meta.kind === 'evidence' ? null : meta.paper! };
}
