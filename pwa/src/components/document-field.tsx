/**
 * The capture field for documents and photos (issue 27): for each kind, a button that opens the
 * phone's camera (`capture="environment"`) and one that picks a file. Each picture is prepared in
 * a worker (lib/documents/prepare.ts: at most 1600 px, about 250 KB, no EXIF or GPS) before it
 * is taken, then shown as a thumbnail with a remove button. A picture that cannot be taken (not a
 * picture, too large, past the person's space) is refused here, before anything is queued.
 * The feature that places it keeps the chosen list (use-chosen-documents.ts) and hands it to
 * its write. Other kinds (or another paper's field) may be chosen while one is prepared: each
 * picture is added to the newest list when it is ready (issue 47).
 */
import { useId, useState, type ChangeEvent } from 'react';
import { documentsPerKind, type DocumentKind } from 'edge-api/src/schemas/document.ts';
import { fitsQuota, type ChosenDocument } from '../lib/documents/pending.ts';
import { PrepareError, preparePicture } from '../lib/documents/prepare.ts';
import { t } from '../lib/i18n/runtime.ts';
import { documentKindLabel } from './document-labels.ts';
import { pictureProblemText } from './picture-problem.ts';
import type { ChosenDocuments } from './use-chosen-documents.ts';
import { useObjectUrl } from './use-object-url.ts';
import './document-field.css';

export type { ChosenDocument } from '../lib/documents/pending.ts';

interface Props {
  kinds: readonly DocumentKind[];
  /** The form's chosen pictures (useChosenDocuments), or one paper's part of them (slotOf). */
  chosen: ChosenDocuments;
  /** The person whose space for documents the pictures use. */
  userId: string | null;
  /** The group's title; none when the form around it has its own. */
  legend?: string;
  /**
   * One named paper (a claim's, issue 31): its label instead of the kind's, at most `max`
   * pictures, and the paper's key on each picture taken.
   */
  paper?: { key: string; label: string; max: number };
}

function Thumbnail({ doc, onRemove }: { doc: ChosenDocument; onRemove: () => void }) {
  const url = useObjectUrl(doc.blob);
  const name = documentKindLabel(doc.kind);
  return (
    <li className="document-field__item" data-kind={doc.kind}>
      {url && <img className="document-field__thumb" src={url} alt={name} width={72} height={72} />}
      <button type="button" className="button button--small button--secondary" onClick={onRemove} aria-label={t('documents.remove', { name })}>
        ×
      </button>
    </li>
  );
}

export function DocumentField({ kinds, chosen, userId, legend, paper }: Props) {
  const most = (kind: DocumentKind) => Math.min(documentsPerKind[kind], paper?.max ?? Infinity);
  const countOf = (list: ChosenDocument[], kind: DocumentKind) => list.filter((doc) => doc.kind === kind).length;
  const id = useId();
  // How many picks of each kind are being prepared: that kind's buttons wait, the others do not.
  const [preparing, setPreparing] = useState<Partial<Record<DocumentKind, number>>>({});
  const [problems, setProblems] = useState<Partial<Record<DocumentKind, string>>>({});
  const countPreparing = (kind: DocumentKind, step: 1 | -1) => setPreparing((current) => ({ ...current, [kind]: (current[kind] ?? 0) + step }));

  async function prepareEach(kind: DocumentKind, files: File[]) {
    try {
      for (const file of files) {
        if (countOf(chosen.current(), kind) >= most(kind)) break;
        const prepared = await preparePicture(file);
        if (userId && !(await fitsQuota(userId, chosen.totalBytes() + prepared.blob.size))) throw new PrepareError('over-quota');
        const doc: ChosenDocument = { ...prepared, kind, fileKey: crypto.randomUUID(), ...(paper ? { paper: paper.key } : {}) };
        // Added to the list as it is now, with whatever was added while this one was prepared.
        chosen.change((current) => (countOf(current, kind) >= most(kind) ? current : [...current, doc]));
      }
    } catch (error) {
      const problem = error instanceof PrepareError ? error.problem : 'unreadable';
      setProblems((current) => ({ ...current, [kind]: pictureProblemText(problem) }));
    }
  }

  async function take(kind: DocumentKind, event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // The same file may be chosen again after a removal.
    event.target.value = '';
    if (files.length === 0) return;
    setProblems((current) => ({ ...current, [kind]: undefined }));
    countPreparing(kind, 1);
    try {
      await chosen.whilePreparing(prepareEach(kind, files));
    } finally {
      countPreparing(kind, -1);
    }
  }

  const body = kinds.map((kind) => {
    const ofKind = chosen.list.filter((doc) => doc.kind === kind);
    const full = ofKind.length >= most(kind);
    const busy = (preparing[kind] ?? 0) > 0;
    const labelId = `${id}-${kind}`;
    const errorId = `${id}-${kind}-error`;
    const input = (camera: boolean) => (
      <label className={`button button--small${camera ? '' : ' button--secondary'} document-field__pick`}>
        <input
          className="visually-hidden"
          type="file"
          name={`document-${paper?.key ?? kind}`}
          accept="image/*"
          multiple={!camera && most(kind) > 1}
          {...(camera ? { capture: 'environment' as const } : {})}
          disabled={busy}
          aria-describedby={problems[kind] ? errorId : undefined}
          onChange={(event) => void take(kind, event)}
        />
        {camera ? t('documents.takePhoto') : t('documents.chooseFile')}
      </label>
    );
    return (
      <div key={kind} className="document-field__kind" role="group" aria-labelledby={labelId}>
        <p className="document-field__label" id={labelId}>{paper?.label ?? documentKindLabel(kind)}</p>
        {ofKind.length > 0 && (
          <ul className="document-field__list">
            {ofKind.map((doc) => (
              <Thumbnail key={doc.fileKey} doc={doc} onRemove={() => chosen.change((current) => current.filter((other) => other.fileKey !== doc.fileKey))} />
            ))}
          </ul>
        )}
        {!full && (
          <div className="document-field__actions">
            {input(true)}
            {input(false)}
          </div>
        )}
        {busy && <p className="document-field__status" role="status">{t('documents.preparing')}</p>}
        {problems[kind] && <p className="field__error" id={errorId} role="alert">{problems[kind]}</p>}
      </div>
    );
  });

  return (
    <fieldset className="field document-field">
      {legend && <legend>{legend}</legend>}
      {body}
    </fieldset>
  );
}
