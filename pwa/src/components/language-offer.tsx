/**
 * A first visit to an English page from a browser whose preferred language is Bangla is offered
 * the Bangla page: an offer, never a redirect (search engines and people who want English keep
 * the page they asked for, and nothing can loop). Shown once the page is on screen (not in the
 * prerendered HTML), until the person chooses either way.
 */
import { useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { currentLocale, t } from '../lib/i18n/runtime.ts';
import { pathInLocale, prefersBangla } from '../lib/i18n/locale.ts';
import { rememberedLanguage, rememberLanguage } from '../lib/i18n/page-language.ts';
import './language-switch.css';

const noChanges = () => () => {};
const shouldOffer = () =>
  currentLocale() === 'en' && rememberedLanguage() === null && prefersBangla(navigator.languages ?? [navigator.language]);

export function LanguageOffer() {
  const location = useLocation();
  const [declined, setDeclined] = useState(false);
  // Never in the prerendered HTML (the server's snapshot): decided in the browser after hydration.
  const offered = useSyncExternalStore(noChanges, shouldOffer, () => false);
  if (!offered || declined) return null;
  return (
    <aside className="container language-offer" aria-label={t('language.offer')}>
      <p>{t('language.offer')}</p>
      <a className="button button--small bangla-label" href={pathInLocale(location.pathname, 'bn')} hrefLang="bn" lang="bn" onClick={() => rememberLanguage('bn')}>
        {t('language.offerAccept')}
      </a>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => {
          rememberLanguage('en');
          setDeclined(true);
        }}
      >
        {t('language.offerDecline')}
      </button>
    </aside>
  );
}
