/**
 * The installed app's name, short name and description in each language (issue 25), read from
 * the catalogues by pwa/vite.config.ts: manifest.webmanifest (English) and manifest-bn.webmanifest
 * (Bangla, linked from Bangla pages: scripts/prerender.ts and lib/i18n/page-language.ts).
 */
import type { Locale } from './locale.ts';

type Catalogue = Record<string, string>;

export const manifestFile: Record<Locale, string> = { en: 'manifest.webmanifest', bn: 'manifest-bn.webmanifest' };

export function manifestTexts(messages: Catalogue, fallback: Catalogue) {
  const text = (id: 'brand.name' | 'brand.short' | 'manifest.description') => messages[id] ?? fallback[id] ?? '';
  return { name: text('brand.name'), short_name: text('brand.short'), description: text('manifest.description') };
}
