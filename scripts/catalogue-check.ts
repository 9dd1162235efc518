/**
 * The translation check (`npm test` runs it through scripts/catalogue-check.test.ts):
 * - every message the code uses (`t('id')`) and every English entry has a Bangla text;
 * - every catalogue entry is still used somewhere in the code (its id appears as a literal);
 * - a Bangla text has the same {placeholders} as its English one;
 * - no screen shows a literal English text: JSX text and the aria-label, title, placeholder and
 *   alt attributes of .tsx files, and the texts given to toasts, titles, headers, labels and form
 *   errors, hold no Latin words (except proper names, and files listed as still to translate).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export type Catalogue = Record<string, string>;
export interface SourceFile { path: string; text: string }

export interface CheckResult {
  missingInBangla: string[];
  unused: string[];
  placeholderMismatch: string[];
  /** file -> the literal texts found in it */
  literalTexts: Record<string, string[]>;
}

const idLiteral = /(['"`])([a-z][\w-]*(?:\.[\w-]+)+)\1/g;
const tCall = /\bt\(\s*'([^']+)'/g;
// JSX text between tags, and text attributes a person reads (or hears).
const jsxText = />\s*([^<>{}`;=]*[A-Za-z]{2,}[^<>{}`;=]*?)\s*</g;
const textAttribute = /\b(?:aria-label|title|placeholder|alt)="([^"]*[A-Za-z][^"]*)"/g;
// Texts handed to what shows them: toasts, page titles, table headers and labels, form errors.
const textArgument = /(?:showToast\(\s*'\w+',\s*|usePageTitle\(|\b(?:header|label|title|message|text): |errors\.\w+ = )'([^']*[A-Za-z]{2,}[^']*)'/g;

/** Names that read the same in both languages. */
const properNames = new Set(['Facebook', 'X', 'LinkedIn', 'YouTube', 'Google', 'bKash', 'Nagad', 'Rocket', 'Stripe']);

/** Code that reads like text between > and < (generics, comparisons, a type argument, an option's value). */
const looksLikeCode = (text: string) => /[()[\]|&!?\n]|=>|\.\w+\(/.test(text) || /^(new )?Promise$/.test(text) || /^\w+_\w+$/.test(text);

const isMessageId = (text: string) => /^[a-z][\w-]*(?:\.[\w-]+)+$/.test(text);

const placeholders = (message: string) => [...new Set([...message.matchAll(/\{(\w+)\s*[,}]/g)].map((match) => match[1]))].sort().join(',');

export function checkCatalogues(english: Catalogue, bangla: Catalogue, sources: SourceFile[]): CheckResult {
  const literals = new Set<string>();
  const called = new Set<string>();
  for (const { text } of sources) {
    for (const match of text.matchAll(idLiteral)) literals.add(match[2] as string);
    for (const match of text.matchAll(tCall)) called.add(match[1] as string);
  }
  const wanted = new Set([...Object.keys(english), ...called]);
  const missingInBangla = [...wanted].filter((id) => !bangla[id]?.trim()).sort();
  const unused = Object.keys(english).filter((id) => !literals.has(id)).sort();
  const placeholderMismatch = Object.keys(english).filter((id) => bangla[id] && placeholders(bangla[id]) !== placeholders(english[id] as string));
  const literalTexts: Record<string, string[]> = {};
  for (const { path, text } of sources) {
    const markup = path.endsWith('.tsx') ? [...text.matchAll(jsxText), ...text.matchAll(textAttribute)] : [];
    const found = [...markup, ...text.matchAll(textArgument)]
      .map((match) => (match[1] as string).trim())
      // Code that reads like text between > and < (generics, comparisons) has code characters.
      .filter((found) => !looksLikeCode(found) && !properNames.has(found) && !isMessageId(found));
    if (found.length) literalTexts[path] = found;
  }
  return { missingInBangla, unused, placeholderMismatch, literalTexts };
}

/** The PWA's source files (tests and the catalogues themselves excluded). */
export function readSources(srcDir: string): SourceFile[] {
  const files: SourceFile[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'locales') visit(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        files.push({ path: relative(srcDir, path), text: readFileSync(path, 'utf8') });
      }
    }
  };
  visit(srcDir);
  return files;
}

export const readCatalogue = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
