/**
 * The premiums endpoints (edge-api routes/premiums.ts, docs/premiums-api.md) through the typed
 * client: the answers' types are the routes' own.
 */
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';

/** A policy's mode, state, dues and receipts as the server sees them today. */
export async function fetchPremiums(applicationId: string, signal?: AbortSignal) {
  return answerOf(await api.premiums[':applicationId'].$get({ param: { applicationId } }, { init: { signal } }));
}

export type Premiums = Awaited<ReturnType<typeof fetchPremiums>>;
export type Due = Premiums['dues'][number];
export type PremiumReceipt = Premiums['receipts'][number];
