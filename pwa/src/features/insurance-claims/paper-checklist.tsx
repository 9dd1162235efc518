/**
 * The papers a claim's kind needs, each marked (issue 48): attached (its photo is on the
 * server), on its way (photographed on this device, still uploading), or not attached yet. Read
 * from this device's copies of the claim's documents (the gallery below fetches the server's
 * list when online), so the claimant and the agent see the same marks offline too.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { RequiredDocument } from 'edge-api/src/schemas/claim.ts';
import { localDb } from '../../lib/local-db.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { documentLabel } from './claim-texts.ts';

export type PaperState = 'attached' | 'sending' | 'missing';

function usePaperStates(claimId: string): Map<string, PaperState> | undefined {
  return useLiveQuery(async () => {
    const [kept, pending] = await Promise.all([
      localDb.keptDocuments.where('applicationId').equals(claimId).toArray(),
      localDb.pendingDocuments.where('targetId').equals(claimId).toArray(),
    ]);
    const states = new Map<string, PaperState>();
    for (const doc of pending) if (doc.paper && doc.state === 'waiting') states.set(doc.paper, 'sending');
    for (const doc of kept) if (doc.paper) states.set(doc.paper, 'attached');
    return states;
  }, [claimId]);
}

const marks: Record<PaperState, { symbol: string; text: Parameters<typeof t>[0] }> = {
  attached: { symbol: '✓', text: 'claims.paperAttached' },
  sending: { symbol: '↑', text: 'claims.paperSending' },
  missing: { symbol: '○', text: 'claims.paperMissing' },
};

export function PaperChecklist({ claimId, papers }: { claimId: string; papers: readonly RequiredDocument[] }) {
  const states = usePaperStates(claimId);
  return (
    <ul className="claim__documents claim__checklist">
      {papers.map((paper) => {
        const state = states?.get(paper) ?? 'missing';
        return (
          <li key={paper} data-paper={paper} data-state={states ? state : 'loading'}>
            <span className={`claim__paper-mark claim__paper-mark--${state}`} aria-hidden="true">{marks[state].symbol}</span>{' '}
            {documentLabel(paper)}
            {states && <span className="claim__paper-state">{` · ${t(marks[state].text)}`}</span>}
          </li>
        );
      })}
    </ul>
  );
}
