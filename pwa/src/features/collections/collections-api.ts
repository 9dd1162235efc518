/** GET /api/premiums/collections (docs/premiums-api.md): the dues of the policies assigned to the agent. */
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';

export async function fetchCollections(signal?: AbortSignal) {
  const answer = await answerOf(await api.premiums.collections.$get({ query: {} }, { init: { signal } }));
  return answer.items;
}

export type CollectionItem = Awaited<ReturnType<typeof fetchCollections>>[number];
