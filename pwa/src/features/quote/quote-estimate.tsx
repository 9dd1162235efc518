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
          <tr>
            <th scope="row">{t('quote.inLakh')}</th>
            <td>{figures.coverageInLakh}</td>
          </tr>
          <tr>
            <th scope="row">{t('quote.baseRate')}</th>
            <td>{figures.baseRate}</td>
          </tr>
          <tr>
            <th scope="row">{t('quote.ageFactor', { age: figures.age })}</th>
            <td>{figures.ageFactor}</td>
          </tr>
          <tr>
            <th scope="row">{t('quote.genderFactor', { gender })}</th>
            <td>{figures.genderFactor}</td>
          </tr>
          <tr>
            <th scope="row">{t('quote.smokerFactor', { smoker })}</th>
            <td>{figures.smokerFactor}</td>
          </tr>
          <tr>
            <th scope="row">{t('quote.durationFactor', { years: figures.years })}</th>
            <td>{figures.durationFactor}</td>
          </tr>
          <tr>
            <th scope="row">{t('quote.dividedBy')}</th>
            <td>{figures.dividedBy}</td>
          </tr>
          <tr>
            <th scope="row">{t('quote.annual')}</th>
            <td>{figures.annual}</td>
          </tr>
          <tr>
            <th scope="row">{t('quote.monthlyFromAnnual')}</th>
            <td>{figures.monthly}</td>
          </tr>
        </tbody>
      </table>
      <button type="button" className="button" onClick={onApply}>{t('quote.apply')}</button>
    </section>
  );
}
