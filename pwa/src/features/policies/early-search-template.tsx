/**
 * What the catalogue's early search (early-search.ts) answers with, rendered by the build with
 * the app's own card and texts (app/prerender/render.tsx): an inert <template> after #root, so
 * hydration never sees it. Each card carries its search text and the words the forgiving search
 * reads; the counts are the app's "Showing 1–n of n" for each possible number of matches; the
 * app's empty state answers a search that finds nothing (decision 0119).
 */
import { PolicyCard } from '../../components/policy-card.tsx';
import { EmptyState } from '../../components/states.tsx';
import { t } from '../../lib/i18n/runtime.ts';
import type { Policy } from '../../lib/local-db.ts';
import { searchTextOf } from 'edge-api/src/lists/policy-search-text.ts';
import { showingText } from './catalogue-count.ts';
import { policiesPerPage } from './pagination.ts';
import { earlyCatalogueId, type EarlyForgivingWords } from './early-catalogue-id.ts';

/**
 * Past this many policies the template would cost a slow phone more to download than it saves
 * (every card and text is in the page); a larger catalogue is searched by the app alone.
 */
export const earlyCatalogueMax = 60;

/** What the forgiving search reads of a policy (edge-api/src/lists/policy-search.ts's fields). */
const forgivingWordsOf = ({ title, titleBn, shortDetails, shortDetailsBn }: Policy): EarlyForgivingWords => ({ title, titleBn, shortDetails, shortDetailsBn });

export function EarlyCatalogueTemplate({ catalogue }: { catalogue: readonly Policy[] }) {
  const counts = catalogue.map((_, i) => showingText(1, Math.min(i + 1, policiesPerPage), i + 1));
  return (
    <template id={earlyCatalogueId} data-counts={JSON.stringify(counts)}>
      {catalogue.map((policy) => (
        <li key={policy.id} data-search={searchTextOf(policy)} data-words={JSON.stringify(forgivingWordsOf(policy))}>
          <PolicyCard policy={policy} />
        </li>
      ))}
      <EmptyState>{t('catalogue.empty')}</EmptyState>
    </template>
  );
}
