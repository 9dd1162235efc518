/**
 * The language of this page load, in the browser: from the address (/bn...), unless the device
 * remembers another choice, in which case the same page opens in that language instead (once:
 * the choice is stored before the switch navigates, so it never loops). Search engines and
 * first visits carry no choice and get the page they asked for.
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

/** The page's locale once its catalogue is active, or null when the page is being reopened in the remembered language. */
export async function startPageLanguage(): Promise<Locale | null> {
  const fromAddress = localeOfPath(location.pathname);
  const remembered = rememberedLanguage();
  if (remembered && remembered !== fromAddress) {
    openInLanguage(remembered);
    return null;
  }
  await activateLocale(fromAddress);
  document.documentElement.lang = fromAddress;
  // The installed app's name in the page's language (the app shell links the English manifest).
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/${manifestFile[fromAddress]}`);
  return fromAddress;
}
