/**
 * The claim's documents as the device keeps them (seen offline, full screen), and the evidence
 * the agent adds to the decision: photos, and a short note once there is a photo to explain.
 */
import { useId } from 'react';
import { maxDocumentNoteLength } from 'edge-api/src/schemas/document.ts';
import { DocumentField } from '../../components/document-field.tsx';
import { DocumentGallery } from '../../components/document-gallery.tsx';
import type { Application } from '../../lib/local-db.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { useSession } from '../../lib/use-session.ts';
import type { EvidenceInput } from './evidence.ts';

export function ClaimDocuments({ claim, evidence }: { claim: Application; evidence: EvidenceInput }) {
  const { user } = useSession();
  const id = useId();
  return (
    <>
      <DocumentGallery applicationId={claim.id} />
      <DocumentField kinds={['evidence']} chosen={evidence.photos} userId={user?.id ?? null} />
      {evidence.photos.list.length > 0 && (
        <div className="field">
          <label htmlFor={`${id}-note`}>{t('documents.note')}</label>
          <textarea
            id={`${id}-note`}
            rows={2}
            maxLength={maxDocumentNoteLength}
            value={evidence.note}
            onChange={(event) => evidence.onNote(event.target.value)}
          />
        </div>
      )}
    </>
  );
}
