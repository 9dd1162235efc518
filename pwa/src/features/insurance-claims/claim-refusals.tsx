/**
 * Why the server refused a claim's filing or step, in the page's language (issue 48): the API
 * says why in its answer's `details` (edge-api/src/commands/claims.ts and claim-steps.ts), so a
 * refusal names the missing papers, the open claim of the same kind, or the state the claim is
 * in, instead of "this has changed, reload". An approval refused for missing papers offers what
 * helps: asking the claimant for them (the agent's send-back step), online or queued offline.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { claimKinds, requiredDocuments, type ClaimKind, type ClaimStatus, type RequiredDocument } from 'edge-api/src/schemas/claim.ts';
import { showToast } from '../../components/toast.tsx';
import { ApiRequestError, messageOf, type ApiErrorBody } from '../../lib/api-error.ts';
import { localDb, type Claim } from '../../lib/local-db.ts';
import { dismissProblem } from '../../lib/offline/queue.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { documentLabel, kindLabel } from './claim-texts.ts';
import { reviewClaim } from './queue-claim.ts';

const knownPapers: ReadonlySet<string> = new Set(Object.values(requiredDocuments).flat());

export interface ClaimRefusal {
  text: string;
  /** An approval refused until these papers are attached. */
  missingPapers: RequiredDocument[];
}

const stepRefusals: Partial<Record<ClaimStatus, Parameters<typeof t>[0]>> = {
  paid: 'claims.refusal.paid',
  rejected: 'claims.refusal.rejected',
  approved: 'claims.refusal.approved',
  more_documents: 'claims.refusal.waitsForClaimant',
  submitted: 'claims.refusal.notAssigned',
};

/** The papers named by a list, in the page's language, joined. */
export const paperList = (papers: readonly RequiredDocument[]) => papers.map(documentLabel).join(', ');

/** The refusal of a server answer's body, when it says why; null for any other answer. */
export function claimRefusalOf(body: unknown): ClaimRefusal | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, details } = body as Partial<ApiErrorBody>;
  if (error !== 'conflict' || typeof details !== 'object' || details === null) return null;
  const number = typeof details.claimNumber === 'string' ? details.claimNumber : '';
  const missing = Array.isArray(details.missingPapers) ? details.missingPapers.filter((paper): paper is RequiredDocument => typeof paper === 'string' && knownPapers.has(paper)) : [];
  if (missing.length > 0) return { text: t('claims.refusal.missingPapers', { number, papers: paperList(missing) }), missingPapers: missing };
  const only = (text: string): ClaimRefusal => ({ text, missingPapers: [] });
  switch (details.reason) {
    case 'open-claim': {
      const kind = (claimKinds as readonly string[]).includes(details.kind as string) ? kindLabel(details.kind as ClaimKind) : '';
      return only(t('claims.refusal.openClaim', { kind, number }));
    }
    case 'already-pays': {
      const kind = (claimKinds as readonly string[]).includes(details.kind as string) ? kindLabel(details.kind as ClaimKind) : '';
      return only(t('claims.refusal.alreadyPays', { kind, number }));
    }
    case 'not-in-force':
      return only(t('claims.refusal.notInForce'));
    case 'number-taken':
      return only(t('claims.refusal.numberTaken'));
    case 'already-filed':
      return only(t('claims.refusal.alreadyFiled'));
  }
  const id = typeof details.status === 'string' ? stepRefusals[details.status as ClaimStatus] : undefined;
  return id ? only(t(id, { number })) : null;
}

/** What to show for a failed filing or step: the refusal's reason, else the server's words, else `fallback`. */
export function claimFailureText(failure: unknown, fallback: string): string {
  const refusal = failure instanceof ApiRequestError ? claimRefusalOf(failure.body) : null;
  return refusal?.text ?? messageOf(failure, fallback);
}

export interface RefusedApproval {
  missingPapers: RequiredDocument[];
  /** Set when the refusal came to a step queued offline: it leaves Sync problems once answered. */
  mutationId?: string;
}

/** The latest approval of this claim, queued on this device, that the server refused for missing papers. */
export function useRefusedApproval(claimId: string): RefusedApproval | null {
  return (
    useLiveQuery(async () => {
      const refused = await localDb.outbox.where('state').equals('refused').filter((item) => item.type === 'claim.review' && item.targetId === claimId).toArray();
      for (const item of refused.reverse()) {
        const refusal = claimRefusalOf(item.result?.body);
        if (refusal && refusal.missingPapers.length > 0) return { missingPapers: refusal.missingPapers, mutationId: item.mutationId };
      }
      return null;
    }, [claimId]) ?? null
  );
}

/**
 * An approval refused for missing papers: which ones, and a button that asks the claimant for
 * them (a send-back naming them, in the agent's words).
 */
export function MissingPapersOffer({ claim, refused, onDone }: { claim: Pick<Claim, 'id' | 'claimNumber' | 'status'>; refused: RefusedApproval; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const papers = paperList(refused.missingPapers);
  async function ask() {
    setBusy(true);
    setError(null);
    try {
      const outcome = await reviewClaim(claim, { step: 'send_back', missing: t('claims.askPapersText', { papers }) });
      if (refused.mutationId) await dismissProblem(refused.mutationId);
      if (outcome.state === 'sent') showToast('success', t('claims.askedForPapers'));
      else showToast('info', t('claims.savedTitle'), outcome.offline ? t('claims.savedOffline') : t('claims.savedSlow'), 4000);
      onDone();
    } catch (failure) {
      setError(claimFailureText(failure, t('claims.stepFailed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="form-message form-message--error claim__missing-papers" role="alert">
      <p>{t('claims.refusal.missingPapers', { number: claim.claimNumber, papers })}</p>
      {claim.status === 'assigned' && (
        <button type="button" className="button button--small" disabled={busy} onClick={() => void ask()}>
          {busy ? t('claims.sending') : t('claims.askForPapers')}
        </button>
      )}
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}
