/**
 * Compiles the message catalogues (pwa/src/locales/<lang>/messages.json: id -> ICU message) at
 * build time, so the browser gets Lingui's compiled form and the runtime carries no message
 * parser (docs/decisions/0071-translation.md). JSON in, JSON out: Vite's own JSON plugin then
 * makes the module. Unit tests import the plain catalogues; Lingui compiles them there itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { partOf, type CataloguePart } from './catalogue-parts.ts';

const catalogue = /[\\/]locales[\\/][a-z]{2}[\\/]messages\.json$/;
/** `virtual:catalogue/<lang>/<part>`: one part of a language's catalogue (catalogue-parts.ts), compiled. */
const partModule = /^virtual:catalogue\/([a-z]{2})\/(shell|forms|screens)$/;
const localesDir = join(import.meta.dirname, '../src/locales');

export function compileCatalogue(source: Record<string, string>, part?: CataloguePart): Record<string, unknown> {
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(source)) {
    if (part && partOf(id) !== part) continue;
    try {
      const tokens = compileMessageOrThrow(message);
      // A plain text stays a string, the smallest form (the runtime passes strings through:
      // lib/i18n/runtime.ts); a message with placeholders or plurals is Lingui's token list.
      compiled[id] = tokens.length === 1 && typeof tokens[0] === 'string' ? tokens[0] : tokens;
    } catch (error) {
      throw new Error(`Message ${id} is not valid ICU: ${(error as Error).message}`, { cause: error });
    }
  }
  return compiled;
}

export function compiledCatalogues(): Plugin {
  return {
    name: 'compiled-catalogues',
    enforce: 'pre',
    resolveId: (id) => (partModule.test(id) ? `\0${id}` : null),
    load(id) {
      const match = partModule.exec(id.replace(/^\0/, ''));
      if (!match) return null;
      const file = join(localesDir, match[1] as string, 'messages.json');
      this.addWatchFile(file);
      const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compileCatalogue(source, match[2] as CataloguePart)))});`;
    },
    transform(code, id) {
      if (!catalogue.test(id)) return null;
      return { code: JSON.stringify(compileCatalogue(JSON.parse(code) as Record<string, string>)), map: null };
    },
  };
}
