/**
 * The signed-in person's language follows them across devices: a switch on one device is sent
 * to the account (PUT /auth/language), and every pull carries the account's language
 * (sync-pull.ts calls `followAccountLanguage`). A device follows only a change of the account's
 * language it has not seen yet, so its own unsent choice is never undone by an older answer.
 */
import { api } from '../http.ts';
import { sessionStore } from '../session.ts';
import { isLocale, localeOfPath, type Locale } from './locale.ts';
import { openInLanguage, rememberedLanguage, rememberLanguage } from './page-language.ts';

const seenKey = 'lifesure.account-language';
const unsentKey = 'lifesure.language-unsent';

const read = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string | null) => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // No storage: the account still gets the choice when the request goes through.
  }
};

/** Sends the choice to the account; kept to send again (next pull) when it does not go through. */
export async function sendLanguage(locale: Locale): Promise<void> {
  if (sessionStore.get().status !== 'signed-in') return;
  write(unsentKey, locale);
  try {
    const res = await api.auth.language.$put({ json: { language: locale } });
    if (!res.ok) return;
    write(seenKey, locale);
    write(unsentKey, null);
  } catch {
    // Offline: sent with the next pull.
  }
}

/** The account's language as a pull brought it (null: the person never chose one). */
export function followAccountLanguage(language: unknown): void {
  const unsent = read(unsentKey);
  if (isLocale(unsent)) {
    void sendLanguage(unsent);
    return;
  }
  if (!isLocale(language)) {
    // Never chosen on the account: a choice made on this device before signing in becomes it. Merely
    // opening a Bangla address does not (issue 48: an address decides its page, not the person's language).
    const chosen = rememberedLanguage();
    if (chosen) void sendLanguage(chosen);
    return;
  }
  if (read(seenKey) === language) return;
  write(seenKey, language);
  rememberLanguage(language);
  if (language !== localeOfPath(location.pathname)) openInLanguage(language);
}
