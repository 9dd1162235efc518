/**
 * Compiles the message catalogues (pwa/src/locales/<lang>/messages.json: id -> ICU message) at
 * build time, so the browser gets Lingui's compiled form and the runtime carries no message
 * parser (docs/decisions/0071-translation.md). JSON in, JSON out: Vite's own JSON plugin then
 * makes the module. Unit tests import the plain catalogues; Lingui compiles them there itself.
 */
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const catalogue = /[\\/]locales[\\/][a-z]{2}[\\/]messages\.json$/;

export function compileCatalogue(source: Record<string, string>): Record<string, unknown> {
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(source)) {
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
    transform(code, id) {
      if (!catalogue.test(id)) return null;
      return { code: JSON.stringify(compileCatalogue(JSON.parse(code) as Record<string, string>)), map: null };
    },
  };
}
