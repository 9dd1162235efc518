/**
 * The papers of a claim photographed on the phone (issues 27 and 31): one capture field per
 * required paper, at most one picture each, every picture marked with its paper's key. The
 * pictures go up after the write they come with (queue-claim.ts), to the claim's own id.
 */
import type { RequiredDocument } from 'edge-api/src/schemas/claim.ts';
import { DocumentField, type ChosenDocument } from '../../components/document-field.tsx';
import { documentLabel } from './claim-texts.ts';

interface Props {
  papers: readonly RequiredDocument[];
  value: ChosenDocument[];
  onChange: (next: ChosenDocument[]) => void;
  userId: string | null;
}

export function ClaimPapersField({ papers, value, onChange, userId }: Props) {
  return (
    <>
      {papers.map((paper) => (
        <DocumentField
          key={paper}
          kinds={['other']}
          userId={userId}
          paper={{ key: paper, label: documentLabel(paper), max: 1 }}
          value={value.filter((doc) => doc.paper === paper)}
          onChange={(next) => onChange([...value.filter((doc) => doc.paper !== paper), ...next])}
        />
      ))}
    </>
  );
}
