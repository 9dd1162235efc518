/**
 * The papers of a claim photographed on the phone (issues 27 and 31): one capture field per
 * required paper, at most one picture each, every picture marked with its paper's key. Each
 * field sees and changes only its own paper's part of the claim's list (slotOf), so a paper
 * prepared while another is chosen is never overwritten by it (issue 47). The pictures go up
 * after the write they come with (queue-claim.ts), to the claim's own id.
 */
import type { RequiredDocument } from 'edge-api/src/schemas/claim.ts';
import { DocumentField } from '../../components/document-field.tsx';
import { slotOf, type ChosenDocuments } from '../../components/use-chosen-documents.ts';
import { documentLabel } from './claim-texts.ts';

interface Props {
  papers: readonly RequiredDocument[];
  /** The claim's chosen pictures (useChosenDocuments). */
  chosen: ChosenDocuments;
  userId: string | null;
}

export function ClaimPapersField({ papers, chosen, userId }: Props) {
  return (
    <>
      {papers.map((paper) => (
        <DocumentField
          key={paper}
          kinds={['other']}
          userId={userId}
          paper={{ key: paper, label: documentLabel(paper), max: 1 }}
          chosen={slotOf(chosen, (doc) => doc.paper === paper)}
        />
      ))}
    </>
  );
}
