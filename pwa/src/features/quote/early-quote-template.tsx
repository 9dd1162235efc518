/**
 * What the quote's early answer (early-quote.ts) shows, rendered by the build with the app's own
 * estimate (quote-estimate.tsx) and texts (app/prerender/render.tsx): an inert <template> after
 * #root, a placeholder for each figure, and the page's words for each gender and smoking answer
 * (quote-labels.ts).
 */
import { t } from '../../lib/i18n/runtime.ts';
import type { EstimateFigures } from './estimate-figures.ts';
import { earlyQuoteId, figurePlaceholder } from './early-quote-id.ts';
import { QuoteEstimate } from './quote-estimate.tsx';
import { answerLabelIds } from './quote-labels.ts';

// Every figure, checked against EstimateFigures: one added there must get its placeholder here.
const figureNames = Object.keys({
  annual: true,
  monthly: true,
  coverageInLakh: true,
  baseRate: true,
  age: true,
  ageFactor: true,
  genderFactor: true,
  smokerFactor: true,
  years: true,
  durationFactor: true,
  dividedBy: true,
} satisfies Record<keyof EstimateFigures, true>);

export function EarlyQuoteTemplate() {
  const figures = Object.fromEntries(figureNames.map((name) => [name, figurePlaceholder(name)])) as unknown as EstimateFigures;
  const words = Object.fromEntries(answerLabelIds.map((id) => [id, t(id)]));
  return (
    <template id={earlyQuoteId} data-words={JSON.stringify(words)}>
      <QuoteEstimate headingId={`${earlyQuoteId}-result`} figures={figures} gender={figurePlaceholder('gender')} smoker={figurePlaceholder('smoker')} />
    </template>
  );
}
