/**
 * The estimate and how it was worked out. Rendered by the app, and by the build into the quote's
 * early answer (early-quote-template.tsx) with a placeholder for each figure.
 */
import { t } from '../../lib/i18n/runtime.ts';
import type { EstimateFigures } from './estimate-figures.ts';

interface QuoteEstimateProps {
  headingId: string;
  figures: EstimateFigures;
  /** The chosen gender and smoking answer, in the page's language. */
  gender: string;
  smoker: string;
  onApply?: () => void;
}

export function QuoteEstimate({ headingId, figures, gender, smoker, onApply }: QuoteEstimateProps) {
  // How the estimate was worked out, step by step (spec section 9): each step and its figure.
  const rows: [string, string][] = [
    [t('quote.inLakh'), figures.coverageInLakh],
    [t('quote.baseRate'), figures.baseRate],
    [t('quote.ageFactor', { age: figures.age }), figures.ageFactor],
    [t('quote.genderFactor', { gender }), figures.genderFactor],
    [t('quote.smokerFactor', { smoker }), figures.smokerFactor],
    [t('quote.durationFactor', { years: figures.years }), figures.durationFactor],
    [t('quote.dividedBy'), figures.dividedBy],
    [t('quote.annual'), figures.annual],
    [t('quote.monthlyFromAnnual'), figures.monthly],
  ];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('quote.estimate')}</h2>
      <dl className="quote__totals">
        <div>
          <dt>{t('quote.annual')}</dt>
          <dd>{figures.annual}</dd>
        </div>
        <div>
          <dt>{t('quote.monthly')}</dt>
          <dd>{figures.monthly}</dd>
        </div>
      </dl>
      <h3>{t('quote.howWorked')}</h3>
      <table className="quote__breakdown">
        <caption className="visually-hidden">{t('quote.breakdown')}</caption>
        <tbody>
          {rows.map(([heading, figure]) => (
            <tr key={heading}>
              <th scope="row">{heading}</th>
              <td>{figure}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="button" onClick={onApply}>{t('quote.apply')}</button>
    </section>
  );
}
