/**
 * What translation adds to a first visit, per language (issue 25), read from the build:
 * - the runtime: Lingui's core as the app uses it (bundled and minified on its own here, since
 *   it shares the shell's chunk with other code);
 * - the catalogues' public parts: English is in the shell (and is Bangla's fallback); a Bangla
 *   page also loads the Bangla part's chunk;
 * - the fonts: a Bangla page downloads the Bengali block (where the device has no Bengali font);
 *   an English page only the switch label's few glyphs.
 * Gzip at zlib's default level for scripts (as the server sends them); fonts as they are (woff2).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { compileCatalogue } from '../pwa/build/compiled-catalogues.ts';
import { pwaDist, repoRoot } from './support/processes.ts';

export interface TranslationBytes {
  runtime: number;
  englishCatalogue: number;
  banglaCatalogue: number;
  bengaliFont: number;
  labelFont: number;
  english: number;
  bangla: number;
}

const gzip = (text: string | Buffer) => gzipSync(text).length;

async function runtimeBytes(): Promise<number> {
  const bundle = await build({
    stdin: { contents: "import { i18n } from '@lingui/core'; export const translate = (id, values) => i18n._(id, values); export const load = (o) => i18n.loadAndActivate(o);", resolveDir: repoRoot, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return gzip(Buffer.from(bundle.outputFiles[0]!.contents));
}

const assetBytes = (prefix: string) => {
  const file = readdirSync(join(pwaDist, 'assets')).find((name) => name.startsWith(`${prefix}-`) && name.endsWith('.woff2'));
  return file ? statSync(join(pwaDist, 'assets', file)).size : 0;
};

/** The build's manifest (dist/.vite/manifest.json), as far as this reads it. */
type Manifest = Record<string, { file: string }>;

export async function translationBytes(manifest: Manifest): Promise<TranslationBytes> {
  const runtime = await runtimeBytes();
  // The public part of each catalogue (the signed-in screens' part comes with their code).
  const source = JSON.parse(readFileSync(join(repoRoot, 'pwa/src/locales/en/messages.json'), 'utf8')) as Record<string, string>;
  const englishCatalogue = gzip(JSON.stringify(compileCatalogue(source, 'shell')));
  const banglaChunk = manifest['virtual:catalogue/bn/shell']?.file;
  const banglaCatalogue = banglaChunk ? gzip(readFileSync(join(pwaDist, banglaChunk))) : 0;
  const bengaliFont = assetBytes('bengali');
  const labelFont = assetBytes('bangla-label');
  return {
    runtime, englishCatalogue, banglaCatalogue, bengaliFont, labelFont,
    english: runtime + englishCatalogue + labelFont,
    bangla: runtime + englishCatalogue + banglaCatalogue + bengaliFont,
  };
}
