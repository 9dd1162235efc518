import type { ChosenDocument } from '../../lib/documents/pending.ts';

/** Photos and a short note the agent adds to a decision (issue 27); sent after the decision. */
export interface Evidence {
  documents: ChosenDocument[];
  note: string;
}

export const noEvidence: Evidence = { documents: [], note: '' };
