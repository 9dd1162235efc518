/**
 * The server's catalogue search (GET /api/policies/search, the same algorithm) while the
 * device's copy of the catalogue is still filling (a first visit): the page shows then only
 * the list it was built with, and a search over that would miss policies. Its first 100
 * answers; once the copy is filled, the device answers by itself.
 */
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { useRequest } from '../../lib/use-request.ts';

export const serverAnswersShown = 100;

export function useServerSearch(query: string, enabled: boolean) {
  return useRequest(
    async (signal) => answerOf(await api.policies.search.$get({ query: { q: query, page: '1', pageSize: String(serverAnswersShown) } }, { init: { signal } })),
    [query],
    enabled,
  );
}
