/**
 * The translation runtime: Lingui's core with compiled catalogues (pwa/build/compiled-catalogues.ts
 * compiles locales/<lang>/messages.json at build time). Messages are looked up by explicit ids
 * (`t(id)`, id a literal the catalogue check can find), not macros: see docs/decisions/0071-translation.md. The page's language
 * is chosen once, before the first render (start-up or the prerenderer): switching languages
 * opens the other language's URL.
 */
import { i18n, type Messages } from '@lingui/core';
import english from '../../locales/en/messages.json';
import { intlLocale, type Locale } from './locale.ts';

export type MessageId = keyof typeof english;

/** Values put into a message's {placeholders}: already formatted for the page (format.ts). */
export type MessageValues = Record<string, string | number>;

let active: Locale = 'en';

/** The catalogues as the build compiled them (the JSON's type is the source text's). */
const asMessages = (catalogue: object) => catalogue as unknown as Messages;

const loaders: Record<Locale, () => Promise<Messages>> = {
  en: async () => asMessages(english),
  // Only Bangla pages download the Bangla catalogue; English is its fallback for a missing text.
  bn: async () => ({ ...asMessages(english), ...asMessages((await import('../../locales/bn/messages.json')).default) }),
};

// Built catalogues hold plain texts as strings (pwa/build/compiled-catalogues.ts). Lingui takes a
// string for a message still to compile: in a build it is passed through as it is (no compiler
// ships); in development and tests, where the catalogues are not compiled, Lingui's own compiles.
if (import.meta.env.PROD) i18n.setMessagesCompiler((message) => message as unknown as ReturnType<Parameters<typeof i18n.setMessagesCompiler>[0]>);

const loaded: Partial<Record<Locale, Messages>> = { en: asMessages(english) };

// English is there before anything asks: a text read before start-up finished is English, not an id.
i18n.loadAndActivate({ locale: 'en', locales: [intlLocale.en], messages: asMessages(english) });

/** Loads the catalogue and makes `locale` the language of every text from now on. */
export async function activateLocale(locale: Locale): Promise<void> {
  const messages = loaded[locale] ?? (await loaders[locale]());
  loaded[locale] = messages;
  i18n.loadAndActivate({ locale, locales: [intlLocale[locale]], messages });
  active = locale;
}

/** The page's language. */
export const currentLocale = (): Locale => active;

/** The text of a message in the page's language. */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}
