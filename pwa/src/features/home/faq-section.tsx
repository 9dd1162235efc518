/**
 * The FAQ accordion (spec section 2): one answer open at a time; activating the open
 * question closes it. Each question is a button (aria-expanded) controlling its answer region.
 */
import { useId, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { usePrerendered } from '../../lib/prerendered.tsx';
import { isEmptyList, useLocalData } from '../../lib/use-local-data.ts';
import { currentLocale, t } from '../../lib/i18n/runtime.ts';

const faqCount = 5;

export function FaqSection() {
  const faqs = useLocalData((db) => db.faqs.orderBy('position').limit(faqCount).toArray(), [], isEmptyList, usePrerendered()?.faqs);
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();
  const bangla = currentLocale() === 'bn';
  return (
    <section className="home-section container faq" aria-labelledby="faq-heading">
      <h2 id="faq-heading" className="home-section__title">{t('faq.heading')}</h2>
      {faqs.status === 'loading' && <LoadingState>{t('faq.loading')}</LoadingState>}
      {faqs.status === 'error' && <ErrorState onRetry={faqs.retry}>{t('faq.failed')}</ErrorState>}
      {faqs.status === 'ready' && faqs.data.length === 0 && <EmptyState>{t('faq.none')}</EmptyState>}
      {faqs.status === 'ready' && faqs.data.length > 0 && (
        <div className="faq__list">
          {faqs.data.map((faq, index) => {
            const open = openId === faq.id;
            const buttonId = `${baseId}-q${index}`;
            const panelId = `${baseId}-a${index}`;
            return (
              <div key={faq.id} className={open ? 'faq__item faq__item--open' : 'faq__item'}>
                <h3 className="faq__question">
                  <button
                    type="button"
                    id={buttonId}
                    aria-expanded={open}
                    aria-controls={panelId}
                    onClick={() => setOpenId(open ? null : faq.id)}
                  >
                    <span>{(bangla && faq.question_bn) || faq.question}</span>
                    <span className="faq__icon" aria-hidden="true">{open ? '−' : '+'}</span>
                  </button>
                </h3>
                <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!open}>
                  <p>{(bangla && faq.answer_bn) || faq.answer}</p>
                </div>
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
