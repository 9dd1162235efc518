/**
 * What the quote's early answer (early-quote.ts) shows, rendered by the build with the app's own
 * estimate (quote-estimate.tsx) and texts (app/prerender/render.tsx): an inert <template> after
 * #root, a placeholder for each figure, and the page's words for each gender and smoking answer.
 */
import { t } from '../../lib/i18n/runtime.ts';
import type { EstimateFigures } from './estimate-figures.ts';
import { earlyQuoteId, figurePlaceholder } from './early-quote-id.ts';
import { QuoteEstimate } from './quote-estimate.tsx';

const figureNames: (keyof EstimateFigures)[] = [
  'annual',
  'monthly',
  'coverageInLakh',
  'baseRate',
  'age',
  'ageFactor',
  'genderFactor',
  'smokerFactor',
  'years',
  'durationFactor',
  'dividedBy',
];

export function EarlyQuoteTemplate() {
  const figures = Object.fromEntries(figureNames.map((name) => [name, figurePlaceholder(name)])) as unknown as EstimateFigures;
  const words = {
    gender: { Male: t('quote.male'), Female: t('quote.female'), Other: t('quote.other') },
    smoker: { Yes: t('quote.smoker'), No: t('quote.nonSmoker') },
  };
  return (
    <template id={earlyQuoteId} data-words={JSON.stringify(words)}>
      <QuoteEstimate headingId={`${earlyQuoteId}-result`} figures={figures} gender={figurePlaceholder('gender')} smoker={figurePlaceholder('smoker')} />
    </template>
  );
}
