/** The receipt and the certificate from the API (routes/receipts.ts, routes/certificates.ts), for when the device has no copy. */
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';

export async function fetchReceipt(id: string, signal?: AbortSignal) {
  return answerOf(await api.receipts[':id'].$get({ param: { id } }, { init: { signal } }));
}

export async function fetchCertificate(id: string, signal?: AbortSignal) {
  return answerOf(await api.certificates[':id'].$get({ param: { id } }, { init: { signal } }));
}

export type Receipt = Awaited<ReturnType<typeof fetchReceipt>>;
export type Certificate = Awaited<ReturnType<typeof fetchCertificate>>;
