/**
 * Popular policies (spec: GET /policies/6). When the device's copy of the catalogue is filled
 * (a returning visit), the six most popular policies come from it and nothing is asked at start
 * (docs/decisions/0050-what-a-returning-visit-asks.md); the copy is kept current by the pull.
 * Otherwise the server is asked; offline, or when it cannot be reached, the local copy stands in.
 */
import { answerOf, ApiRequestError } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import type { Policy } from '../../lib/local-db.ts';
import { PolicyCard } from '../../components/policy-card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { pullStatus } from '../../lib/pull-status.ts';
import { useStatusOf } from '../../lib/status-store.ts';
import { useRequest } from '../../lib/use-request.ts';
import { useState } from 'react';
import { useOnline } from '../../lib/use-online.ts';
import { usePrerendered } from '../../lib/prerendered.tsx';
import { t } from '../../lib/i18n/runtime.ts';

const popularCount = 6;

async function popularFromLocalCopy(): Promise<Policy[]> {
  // The local database (Dexie) loads only when needed, so it is not on the home page's critical path.
  const { localDb } = await import('../../lib/offline-entry.ts');
  const all = await localDb.policies.toArray();
  return all.sort((a, b) => b.popularity - a.popularity || b.creationDate.localeCompare(a.creationDate)).slice(0, popularCount);
}

async function loadPopularPolicies(online: boolean): Promise<Policy[]> {
  if (!online) return popularFromLocalCopy();
  try {
    const res = await api.policies['6'].$get();
    return await answerOf(res);
  } catch (error) {
    if (error instanceof ApiRequestError) throw error;
    // The server could not be reached at all: what this device already has is better than nothing.
    const local = await popularFromLocalCopy();
    if (local.length > 0) return local;
    throw new Error(t('home.unreachable'), { cause: error });
  }
}

export function PopularPolicies() {
  const online = useOnline();
  const known = useStatusOf(pullStatus, (pull) => pull.known);
  const filled = useStatusOf(pullStatus, (pull) => pull.filled);
  // Where the list comes from is decided once, when the device's readiness is known: a pull that
  // fills the copy later must not swap the list shown (and flash 'Loading') under the reader.
  const [filledAtStart, setFilledAtStart] = useState<boolean | null>(null);
  if (filledAtStart === null && known) setFilledAtStart(filled);
  const fromDevice = !online || filledAtStart === true;
  // The prerendered list shows (and hydrates) until the chosen source's answer replaces it.
  const state = useRequest(
    () => (fromDevice ? popularFromLocalCopy() : loadPopularPolicies(online)),
    [online, fromDevice],
    !online || filledAtStart !== null,
    usePrerendered()?.popular,
  );
  return (
    <section className="home-section container" aria-labelledby="popular-heading">
      <h2 id="popular-heading" className="home-section__title">{t('home.popular')}</h2>
      {state.status === 'loading' && <LoadingState>{t('home.loadingPolicies')}</LoadingState>}
      {state.status === 'error' && (
        <ErrorState>{t('home.error', { message: state.error instanceof Error ? state.error.message : String(state.error) })}</ErrorState>
      )}
      {state.status === 'ready' && state.data.length === 0 && <EmptyState>{t('home.noPolicies')}</EmptyState>}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className="card-grid card-grid--3">
          {state.data.map((policy) => (
            <li key={policy.id}>
              <PolicyCard policy={policy} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
