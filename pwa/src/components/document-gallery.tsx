/**
 * An application's documents as this device holds them (issue 27): those kept to be seen
 * offline (lib/documents/kept.ts) and those still waiting to be sent, marked so. A tap opens
 * one full screen, zoomable (buttons, and the browser's own pinch in its scroll box).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import type { DocumentKind } from 'edge-api/src/schemas/document.ts';
import { localDb } from '../lib/local-db.ts';
import { t } from '../lib/i18n/runtime.ts';
import { documentKindLabel } from './document-labels.ts';
import { useObjectUrl } from './use-object-url.ts';
import './document-gallery.css';

interface Shown {
  key: string;
  kind: DocumentKind;
  blob: Blob;
  note: string | null;
  /** On a claim: the name of the paper the photo shows. */
  label?: string;
  /** null: on the server; else why it is not (yet). */
  pending: { state: 'waiting' | 'refused'; reason: string | null; sentBytes: number; size: number } | null;
}

function Viewer({ doc, onClose }: { doc: Shown; onClose: () => void }) {
  const url = useObjectUrl(doc.blob);
  const [zoom, setZoom] = useState(1);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    dialog?.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      opener?.focus?.();
    };
  }, []);
  const name = doc.label ?? documentKindLabel(doc.kind);
  return (
    <dialog
      ref={ref}
      className="document-viewer"
      aria-label={name}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="document-viewer__bar">
        <button type="button" className="button button--small button--secondary" onClick={() => setZoom((z) => Math.max(1, z / 1.5))} disabled={zoom <= 1}>
          {t('documents.zoomOut')}
        </button>
        <button type="button" className="button button--small button--secondary" onClick={() => setZoom((z) => Math.min(6, z * 1.5))} disabled={zoom >= 6}>
          {t('documents.zoomIn')}
        </button>
        <button type="button" className="button button--small" onClick={onClose}>{t('documents.close')}</button>
      </div>
      <div className="document-viewer__scroll">
        {url && <img className="document-viewer__image" src={url} alt={name} style={{ width: `${zoom * 100}%` }} />}
      </div>
    </dialog>
  );
}

/**
 * `claim`: the documents of an insurance claim (migration 0225), kept under the claim's id, with
 * the name of each paper. `heading`: the level its title takes in the page it is placed in.
 */
export function DocumentGallery({
  applicationId,
  claim,
  heading = 3,
}: {
  applicationId: string;
  claim?: { paperLabel: (paper: string) => string };
  heading?: 2 | 3;
}) {
  const Heading = heading === 2 ? 'h2' : 'h3';
  const paperLabel = claim?.paperLabel;
  const onClaim = claim !== undefined;
  const shown = useLiveQuery(async (): Promise<Shown[]> => {
    const [kept, pending] = await Promise.all([
      localDb.keptDocuments.where('applicationId').equals(applicationId).sortBy('createdAt'),
      localDb.pendingDocuments.where('targetId').equals(applicationId).or('applicationId').equals(applicationId).toArray(),
    ]);
    return [
      ...kept.map((doc) => ({ key: doc.id, kind: doc.kind, blob: doc.blob, note: doc.note, label: doc.paper ? paperLabel?.(doc.paper) : undefined, pending: null })),
      ...pending.map((doc) => ({
        key: doc.fileKey,
        kind: doc.kind,
        label: doc.paper ? paperLabel?.(doc.paper) : undefined,
        blob: doc.blob,
        note: doc.note,
        pending: { state: doc.state, reason: doc.reason, sentBytes: doc.sentBytes, size: doc.size },
      })),
    ];
  }, [applicationId]);
  const [open, setOpen] = useState<Shown | null>(null);
  // Opened online: what is new (the agent's evidence, or anything, for an admin) comes now.
  useEffect(() => {
    void import('../lib/offline-entry.ts').then((kept) => (onClaim ? kept.keepClaimDocumentsOf(applicationId) : kept.keepDocumentsOf(applicationId)));
  }, [applicationId, onClaim]);
  if (!shown) return null;
  const notes = [...new Set(shown.filter((doc) => doc.kind === 'evidence' && doc.note).map((doc) => doc.note!))];
  return (
    <section className="document-gallery" aria-label={t('documents.title')}>
      <Heading>{t('documents.title')}</Heading>
      {shown.length === 0 ? (
        <p>{t('documents.none')}</p>
      ) : (
        <ul className="document-gallery__list">
          {shown.map((doc) => (
            <GalleryItem key={doc.key} doc={doc} onOpen={() => setOpen(doc)} />
          ))}
        </ul>
      )}
      {notes.map((note) => (
        <p key={note} className="document-gallery__note">{note}</p>
      ))}
      {open && <Viewer doc={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

function GalleryItem({ doc, onOpen }: { doc: Shown; onOpen: () => void }) {
  const url = useObjectUrl(doc.blob);
  const name = doc.label ?? documentKindLabel(doc.kind);
  const percent = doc.pending && doc.pending.size > 0 ? Math.floor((doc.pending.sentBytes / doc.pending.size) * 100) : 0;
  return (
    <li className="document-gallery__item" data-kind={doc.kind} data-state={doc.pending?.state ?? 'sent'}>
      <button type="button" className="document-gallery__open" onClick={onOpen} aria-label={t('documents.open', { name })}>
        {url && <img src={url} alt="" width={96} height={96} />}
      </button>
      <span className="document-gallery__caption">{name}</span>
      {doc.pending?.state === 'waiting' && (
        <span className="document-gallery__badge">{percent > 0 ? t('documents.sending', { percent }) : t('documents.waiting')}</span>
      )}
      {doc.pending?.state === 'refused' && (
        <span className="document-gallery__badge document-gallery__badge--refused">{t('documents.refused', { reason: doc.pending.reason ?? '' })}</span>
      )}
    </li>
  );
}
