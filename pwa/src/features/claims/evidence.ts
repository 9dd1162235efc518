import type { ChosenDocuments } from '../../components/use-chosen-documents.ts';
import type { ChosenDocument } from '../../lib/documents/pending.ts';

/** Photos and a short note the agent adds to a decision (issue 27); sent after the decision. */
export interface Evidence {
  documents: ChosenDocument[];
  note: string;
}

export const noEvidence: Evidence = { documents: [], note: '' };

/** The evidence as the decision's dialog gathers it: photos chosen (kept whatever the timing, issue 47) and the note. */
export interface EvidenceInput {
  photos: ChosenDocuments;
  note: string;
  onNote: (note: string) => void;
}
