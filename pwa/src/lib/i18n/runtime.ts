/**
 * The translation runtime: Lingui's core with compiled catalogues (pwa/build/compiled-catalogues.ts
 * compiles locales/<lang>/messages.json at build time). Messages are looked up by explicit ids
 * (`t(id)`, id a literal the catalogue check can find), not macros: see docs/decisions/0071-translation.md.
 * The page's language is chosen once, before the first render (start-up or the prerenderer):
 * switching languages opens the other language's URL. Each catalogue comes in three parts
 * (pwa/build/catalogue-parts.ts): the public pages' texts before the first render, the texts of
 * the forms a visitor opens with those forms' code (`withFormMessages`), and the signed-in
 * screens' texts with those screens' code (`withScreenMessages`, which loads the forms' too).
 */
import { i18n, type Messages } from '@lingui/core';
import type english from '../../locales/en/messages.json';
import englishShell from 'virtual:catalogue/en/shell';
import { attachBanglaSuffixes } from 'edge-api/src/schemas/bangla-suffixes.ts';
import { intlLocale, type Locale } from './locale.ts';

export type MessageId = keyof typeof english;

/** Values put into a message's {placeholders}: already formatted for the page (format.ts). */
export type MessageValues = Record<string, string | number>;

let active: Locale = 'en';

/** The catalogues as the build compiled them (the JSON's type is the source text's). */
const asMessages = (catalogue: object) => catalogue as unknown as Messages;

type PartName = 'shell' | 'forms' | 'screens';

const parts: Record<Locale, Record<PartName, () => Promise<Messages>>> = {
  en: {
    shell: async () => asMessages(englishShell),
    forms: async () => asMessages((await import('virtual:catalogue/en/forms')).default),
    screens: async () => asMessages((await import('virtual:catalogue/en/screens')).default),
  },
  // Only Bangla pages download the Bangla catalogue.
  bn: {
    shell: async () => asMessages((await import('virtual:catalogue/bn/shell')).default),
    forms: async () => asMessages((await import('virtual:catalogue/bn/forms')).default),
    screens: async () => asMessages((await import('virtual:catalogue/bn/screens')).default),
  },
};

/** Which parts each level of texts needs: the public pages', with the visitor's forms', with the signed-in screens'. */
const levels = { public: ['shell'], forms: ['shell', 'forms'], screens: ['shell', 'forms', 'screens'] } as const satisfies Record<string, readonly PartName[]>;
type Level = keyof typeof levels;
const rank: Record<Level, number> = { public: 0, forms: 1, screens: 2 };

// Built catalogues hold plain texts as strings (pwa/build/compiled-catalogues.ts). Lingui takes a
// string for a message still to compile: in a build it is passed through as it is (no compiler
// ships); in development and tests, where the catalogues are not compiled, Lingui's own compiles.
if (import.meta.env.PROD) i18n.setMessagesCompiler((message) => message as unknown as ReturnType<Parameters<typeof i18n.setMessagesCompiler>[0]>);

const loaded = new Map<string, Promise<Messages>>();
const part = (locale: Locale, name: PartName) => {
  const key = `${locale}:${name}`;
  if (!loaded.has(key)) loaded.set(key, parts[locale][name]());
  return loaded.get(key)!;
};

// English is there before anything asks: a text read before start-up finished is English, not an id.
i18n.loadAndActivate({ locale: 'en', locales: [intlLocale.en], messages: asMessages(englishShell) });

/** What is asked for: the page's language, and which texts beyond the public pages' are wanted. */
const wanted: { locale: Locale; level: Level } = { locale: 'en', level: 'public' };

/**
 * Loads what is wanted and activates it: English under the page's language (its fallback for a
 * missing text). Start-up asks for the language while the opened route may ask for the screens'
 * texts at the same time: whichever finishes applies the state wanted by then.
 */
async function apply(): Promise<void> {
  const { locale, level } = wanted;
  const names = levels[level];
  const layers = await Promise.all([...names.map((name) => part('en', name)), ...(locale === 'en' ? [] : names.map((name) => part(locale, name)))]);
  if (locale !== wanted.locale || level !== wanted.level) return apply();
  i18n.loadAndActivate({ locale, locales: [intlLocale[locale]], messages: Object.assign({}, ...layers) as Messages });
  active = locale;
  settled = level;
}
/** The texts active now (later routes that need no more need not wait). */
let settled: Level = 'public';

/** Loads the texts of `level` too, unless they are active already. */
async function loadLevel(level: Level): Promise<void> {
  if (rank[wanted.level] >= rank[level] && rank[settled] >= rank[level]) return;
  if (rank[wanted.level] < rank[level]) wanted.level = level;
  await apply();
}

/** Makes `locale` the language of every text from now on (its public part loaded first). */
export async function activateLocale(locale: Locale): Promise<void> {
  wanted.locale = locale;
  await apply();
}

/** Loads the signed-in screens' texts too (route tables call it with those screens' code). */
export const loadScreenMessages = (): Promise<void> => loadLevel('screens');

/** A route's lazy module, once the screens' texts are loaded too. */
export const withScreenMessages = <T,>(module: Promise<T>): Promise<T> => Promise.all([module, loadScreenMessages()]).then(([loadedModule]) => loadedModule);

/** A visitor's form (sign-in, the application, unsubscribe), once its texts are loaded too. */
export const withFormMessages = <T,>(module: Promise<T>): Promise<T> => Promise.all([module, loadLevel('forms')]).then(([loadedModule]) => loadedModule);

/** The page's language. */
export const currentLocale = (): Locale => active;

/** The text of a message in the page's language; in Bangla with its case endings joined to the names put in (edge-api/src/schemas/bangla-suffixes.ts). */
export function t(id: MessageId, values?: MessageValues): string {
  const text = i18n._(id, values);
  return active === 'bn' ? attachBanglaSuffixes(text) : text;
}
