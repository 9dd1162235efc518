/**
 * The capture field for documents and photos (issue 27): for each kind, a button that opens the
 * phone's camera (`capture="environment"`) and one that picks a file. Each picture is prepared in
 * a worker (lib/documents/prepare.ts: at most 1600 px, about 250 KB, no EXIF or GPS) before it
 * is taken, then shown as a thumbnail with a remove button. A picture that cannot be taken (not a
 * picture, too large, past the person's space) is refused here, before anything is queued.
 * The feature that places it keeps the chosen list and hands it to its write.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { documentsPerKind, type DocumentKind } from 'edge-api/src/schemas/document.ts';
import { fitsQuota, type ChosenDocument } from '../lib/documents/pending.ts';
import { PrepareError, preparePicture } from '../lib/documents/prepare.ts';
import { t } from '../lib/i18n/runtime.ts';
import { documentKindLabel } from './document-labels.ts';
import { pictureProblemText } from './picture-problem.ts';
import { useObjectUrl } from './use-object-url.ts';
import './document-field.css';

export type { ChosenDocument } from '../lib/documents/pending.ts';

interface Props {
  kinds: readonly DocumentKind[];
  value: ChosenDocument[];
  onChange: (next: ChosenDocument[]) => void;
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

export function DocumentField({ kinds, value, onChange, userId, legend, paper }: Props) {
  const most = (kind: DocumentKind) => Math.min(documentsPerKind[kind], paper?.max ?? Infinity);
  const id = useId();
  const [preparing, setPreparing] = useState<DocumentKind | null>(null);
  const [problems, setProblems] = useState<Partial<Record<DocumentKind, string>>>({});

  async function take(kind: DocumentKind, event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // The same file may be chosen again after a removal.
    event.target.value = '';
    if (files.length === 0) return;
    setProblems((current) => ({ ...current, [kind]: undefined }));
    setPreparing(kind);
    let next = value;
    try {
      for (const file of files) {
        if (next.filter((doc) => doc.kind === kind).length >= most(kind)) break;
        const prepared = await preparePicture(file);
        const used = next.reduce((sum, doc) => sum + doc.blob.size, 0);
        if (userId && !(await fitsQuota(userId, used + prepared.blob.size))) throw new PrepareError('over-quota');
        next = [...next, { ...prepared, kind, fileKey: crypto.randomUUID(), ...(paper ? { paper: paper.key } : {}) }];
        onChange(next);
      }
    } catch (error) {
      const problem = error instanceof PrepareError ? error.problem : 'unreadable';
      setProblems((current) => ({ ...current, [kind]: pictureProblemText(problem) }));
    } finally {
      setPreparing(null);
    }
  }

  const body = kinds.map((kind) => {
    const chosen = value.filter((doc) => doc.kind === kind);
    const full = chosen.length >= most(kind);
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
          disabled={preparing !== null}
          aria-describedby={problems[kind] ? errorId : undefined}
          onChange={(event) => void take(kind, event)}
        />
        {camera ? t('documents.takePhoto') : t('documents.chooseFile')}
      </label>
    );
    return (
      <div key={kind} className="document-field__kind" role="group" aria-labelledby={labelId}>
        <p className="document-field__label" id={labelId}>{paper?.label ?? documentKindLabel(kind)}</p>
        {chosen.length > 0 && (
          <ul className="document-field__list">
            {chosen.map((doc) => (
              <Thumbnail key={doc.fileKey} doc={doc} onRemove={() => onChange(value.filter((other) => other.fileKey !== doc.fileKey))} />
            ))}
          </ul>
        )}
        {!full && (
          <div className="document-field__actions">
            {input(true)}
            {input(false)}
          </div>
        )}
        {preparing === kind && <p className="document-field__status" role="status">{t('documents.preparing')}</p>}
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
