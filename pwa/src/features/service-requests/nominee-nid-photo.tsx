/**
 * A nominee change's photo of the new nominee's NID (issue 51), as the staff deciding it and the
 * holder see it: the policy's document, read from the API (`private, no-store`: shown, not
 * cached). Before it has reached the server, the row says so, and a decider can wait for it.
 */
import { ApiRequestError } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { useRequest } from '../../lib/use-request.ts';
import { useObjectUrl } from '../../components/use-object-url.ts';

async function photoBytes(applicationId: string, documentId: string, signal: AbortSignal): Promise<Blob> {
  const res = await api.applications[':id'].documents[':documentId'].$get({ param: { id: applicationId, documentId } }, { init: { signal } });
  if (!res.ok) throw new ApiRequestError(res.status, null);
  return res.blob();
}

export function NomineeNidPhoto({ applicationId, photo }: { applicationId: string; photo: { documentId: string } | null }) {
  if (!photo) return <small className="data__detail">{t('service.photoNotYet')}</small>;
  return <Loaded applicationId={applicationId} documentId={photo.documentId} />;
}

function Loaded({ applicationId, documentId }: { applicationId: string; documentId: string }) {
  const bytes = useRequest((signal) => photoBytes(applicationId, documentId, signal), [applicationId, documentId]);
  const url = useObjectUrl(bytes.status === 'ready' ? bytes.data : null);
  if (bytes.status === 'loading') return <small className="data__detail" role="status">{t('service.photoLoading')}</small>;
  if (bytes.status === 'error' || !url) return <small className="data__detail" role="alert">{t('service.photoFailed')}</small>;
  return (
    <a className="service-photo" href={url} target="_blank" rel="noreferrer">
      <img src={url} alt={t('service.nomineeNidPhoto')} width={160} style={{ maxWidth: '100%', height: 'auto', display: 'block' }} />
    </a>
  );
}
