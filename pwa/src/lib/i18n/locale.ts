/**
 * The page's language. Bangla pages live under /bn plus the English path (/bn, /bn/get-quote,
 * /bn/dashboard/...); every other address is English (docs/decisions/0071-translation.md).
 * No browser globals here: the prerenderer, the service worker and tests use it too.
 */
export const locales = ['en', 'bn'] as const;
export type Locale = (typeof locales)[number];

/** The locale Intl formats with: en-IN for lakh/crore grouping in English, bn-BD for Bengali digits. */
export const intlLocale: Record<Locale, string> = { en: 'en-IN', bn: 'bn-BD' };

/** The prefix of a language's pages: the router's basename. */
export const basenameOf = (locale: Locale) => (locale === 'bn' ? '/bn' : '');

export const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'bn';

/** The language of the page at `pathname`. */
export const localeOfPath = (pathname: string): Locale => (pathname === '/bn' || pathname.startsWith('/bn/') ? 'bn' : 'en');

/** The same page in `locale`: '/get-quote' -> '/bn/get-quote', '/bn' -> '/'. */
export function pathInLocale(pathname: string, locale: Locale): string {
  const english = localeOfPath(pathname) === 'bn' ? pathname.slice(3) || '/' : pathname;
  if (locale === 'en') return english;
  return english === '/' ? '/bn' : `/bn${english}`;
}

/** The other language: the one the switch offers. */
export const otherLocale = (locale: Locale): Locale => (locale === 'bn' ? 'en' : 'bn');

/** Whether a browser's preferred languages start with Bangla (navigator.languages). */
export const prefersBangla = (languages: readonly string[]) => /^bn\b/i.test(languages[0] ?? '');

/** The language a person's own text (a blog) is written in: Bangla when it holds Bengali script. */
export const languageOfText = (text: string): Locale => (/[\u0980-\u09ff]/.test(text) ? 'bn' : 'en');
