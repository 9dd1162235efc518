/**
 * The language switch on every screen (public header, dashboard bar): "বাংলা" on English pages,
 * "English" on Bangla ones, a link to the same page in the other language. The choice is kept on
 * the device and, for a signed-in person, in their account (lib/i18n/account-language.ts).
 */
import { useLocation } from 'react-router-dom';
import { currentLocale } from '../lib/i18n/runtime.ts';
import { otherLocale, pathInLocale } from '../lib/i18n/locale.ts';
import { rememberLanguage } from '../lib/i18n/page-language.ts';
import './language-switch.css';

/** Each language named in itself, as switches do. */
const names = { en: 'English', bn: 'বাংলা' } as const;

export function LanguageSwitch() {
  // The router's path has no /bn (it is the basename): the page's English path.
  const location = useLocation();
  const other = otherLocale(currentLocale());
  const href = `${pathInLocale(location.pathname, other)}${location.search}${location.hash}`;
  const choose = () => {
    rememberLanguage(other);
    // Sent before the page goes; a send cut short is sent again with the next pull.
    void import('../lib/offline-entry.ts').then((account) => account.sendLanguage(other));
  };
  return (
    <a className={other === 'bn' ? 'language-switch bangla-label' : 'language-switch'} href={href} hrefLang={other} lang={other} onClick={choose}>
      {names[other]}
    </a>
  );
}
