/**
 * The translation check over the real code and catalogues, and the check itself: it must fail
 * when a text is added without its Bangla translation or an entry is left unused.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { partOf } from '../pwa/build/catalogue-parts.ts';
import { compileCatalogue } from '../pwa/build/compiled-catalogues.ts';
import { checkCatalogues, readCatalogue, readSources } from './catalogue-check.ts';
import { stillToTranslate } from './catalogue-pending.ts';

const pwaSrc = join(import.meta.dirname, '../pwa/src');
const english = readCatalogue(join(pwaSrc, 'locales/en/messages.json'));
const bangla = readCatalogue(join(pwaSrc, 'locales/bn/messages.json'));
const sources = readSources(pwaSrc);

describe('the message catalogues', () => {
  const result = checkCatalogues(english, bangla, sources);

  it('have a Bangla text for every message the code uses, with the same placeholders', () => {
    expect(result.missingInBangla).toEqual([]);
    expect(result.placeholderMismatch).toEqual([]);
  });

  it('hold no entry the code no longer uses', () => {
    expect(result.unused).toEqual([]);
  });

  it('give the public pages only texts of the part loaded before the first render', () => {
    // The prerendered pages, their layout and the shared pieces; the signed-in screens load the rest.
    const publicCode = /^(app\/layouts|components|features\/(home|policies|quote|blogs|about|contact))\//;
    const misplaced = sources
      .filter(({ path }) => publicCode.test(path))
      .flatMap(({ path, text }) => [...text.matchAll(/\bt\(\s*'([^']+)'/g)].map((match) => [path, match[1] as string]))
      .filter(([, id]) => partOf(id as string) !== 'shell');
    expect(misplaced).toEqual([]);
  });

  it("give a visitor's forms only texts of the parts a visitor's first visit precaches", () => {
    // Opened with withFormMessages: the signed-in screens' part is not in a visitor's precache (decision 0087).
    const visitorForms = /^features\/(auth|apply|unsubscribe)\//;
    const misplaced = sources
      .filter(({ path }) => visitorForms.test(path))
      .flatMap(({ path, text }) => [...text.matchAll(/\bt\(\s*'([^']+)'/g)].map((match) => [path, match[1] as string]))
      .filter(([, id]) => partOf(id as string) === 'screens');
    expect(misplaced).toEqual([]);
  });

  it('compile (valid ICU messages in both languages)', () => {
    expect(() => compileCatalogue(english)).not.toThrow();
    expect(() => compileCatalogue(bangla)).not.toThrow();
  });

  it('leave no literal text on a screen, except in the files still listed as to translate', () => {
    const withLiterals = Object.keys(result.literalTexts).sort();
    expect(withLiterals.filter((file) => !stillToTranslate.includes(file)), 'files with literal texts').toEqual([]);
    // A translated file leaves the list, so it shrinks as the work goes on.
    expect(stillToTranslate.filter((file) => !withLiterals.includes(file)), 'listed files that have no literal text').toEqual([]);
  });
});

describe('the check itself', () => {
  const screen = { path: 'features/demo/demo.tsx', text: "export const Demo = () => <p>{t('demo.greeting')}</p>;" };

  it('passes a text that has both languages', () => {
    const result = checkCatalogues({ 'demo.greeting': 'Hello' }, { 'demo.greeting': 'স্বাগতম' }, [screen]);
    expect(result).toEqual({ missingInBangla: [], unused: [], placeholderMismatch: [], literalTexts: {} });
  });

  it('fails on a text added without its Bangla translation', () => {
    expect(checkCatalogues({ 'demo.greeting': 'Hello' }, {}, [screen]).missingInBangla).toEqual(['demo.greeting']);
    // Used by the code but in neither catalogue.
    expect(checkCatalogues({}, {}, [screen]).missingInBangla).toEqual(['demo.greeting']);
    // The real catalogues with one more text in English only.
    const added = checkCatalogues({ ...english, 'demo.greeting': 'Hello' }, bangla, [...sources, screen]);
    expect(added.missingInBangla).toEqual(['demo.greeting']);
  });

  it('fails on an entry no code uses any more', () => {
    expect(checkCatalogues({ 'demo.gone': 'Bye' }, { 'demo.gone': 'বিদায়' }, [screen]).unused).toEqual(['demo.gone']);
  });

  it('fails on a Bangla text whose placeholders differ', () => {
    const result = checkCatalogues({ 'demo.greeting': 'Hello {name}' }, { 'demo.greeting': 'স্বাগতম {nam}' }, [screen]);
    expect(result.placeholderMismatch).toEqual(['demo.greeting']);
  });

  it('finds a literal text on a screen', () => {
    const literal = { path: 'features/demo/literal.tsx', text: '<button aria-label="Close menu">Close</button>' };
    expect(checkCatalogues({}, {}, [literal]).literalTexts).toEqual({ 'features/demo/literal.tsx': ['Close', 'Close menu'] });
  });
});
