/**
 * The language of this page load, in the browser: from the address. An address that names its
 * language (/bn...) always opens in it, whatever the device remembers (issue 48: a Bangla link
 * from a relative or a search result stays Bangla after choosing English once). An address
 * without the prefix names none (it is also every old bookmark, shared link and installed
 * start page), so a device that chose Bangla opens it as the Bangla page instead (once: the
 * choice is stored before the switch navigates, so it never loops). Search engines and first
 * visits carry no choice and get the page they asked for. docs/decisions/0105-*.md.
 */
import { isLocale, localeOfPath, pathInLocale, type Locale } from './locale.ts';
import { activateLocale } from './runtime.ts';
import { manifestFile } from './web-app-manifest.ts';

const choiceKey = 'lifesure.language';

/** The language this device was told to use, if any. */
export function rememberedLanguage(): Locale | null {
  try {
    const value = localStorage.getItem(choiceKey);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberLanguage(locale: Locale): void {
  try {
    localStorage.setItem(choiceKey, locale);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

/** The address of this page in `locale`, keeping its search and fragment. */
export const urlInLanguage = (locale: Locale, where: Pick<Location, 'pathname' | 'search' | 'hash'> = location) =>
  `${pathInLocale(where.pathname, locale)}${where.search}${where.hash}`;

/** Opens this page in `locale` (a full load: the other language's catalogue and prerendered page). */
export function openInLanguage(locale: Locale): void {
  location.replace(urlInLanguage(locale));
}

/** Whether a page of `fromAddress` reopens in the remembered language: only an English (unprefixed) address, for a device that chose Bangla. */
export const followsRememberedLanguage = (fromAddress: Locale, remembered: Locale | null) => fromAddress === 'en' && remembered === 'bn';

/**
 * The language a sign-in or a registration gives the account (issue 48): Bangla from a Bangla
 * page, else the device's own choice, else none (the account keeps its own, which the device
 * then follows: account-language.ts).
 */
export function signInLanguage(): Locale | undefined {
  if (localeOfPath(location.pathname) === 'bn') return 'bn';
  return rememberedLanguage() ?? undefined;
}

/** The page's locale once its catalogue is active, or null when the page is being reopened in the remembered language. */
export async function startPageLanguage(): Promise<Locale | null> {
  const fromAddress = localeOfPath(location.pathname);
  if (followsRememberedLanguage(fromAddress, rememberedLanguage())) {
    openInLanguage('bn');
    return null;
  }
  await activateLocale(fromAddress);
  document.documentElement.lang = fromAddress;
  // The installed app's name in the page's language (the app shell links the English manifest).
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/${manifestFile[fromAddress]}`);
  return fromAddress;
}
