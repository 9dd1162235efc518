/** GET /api/premiums/:applicationId/statement (docs/premiums-api.md) through the typed client. */
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';

/** The statement of the fiscal year starting 1 July `year` (a start year), or the server's default (the current one). */
export async function fetchStatement(applicationId: string, year: string | null, signal?: AbortSignal) {
  const query = year ? { year } : {};
  return answerOf(await api.premiums[':applicationId'].statement.$get({ param: { applicationId }, query }, { init: { signal } }));
}

export type PremiumStatement = Awaited<ReturnType<typeof fetchStatement>>;
export type StatementPayment = PremiumStatement['payments'][number];
