/**
 * The PWA's import boundaries (eslint.config.js, import-x/no-restricted-paths) hold: each import
 * below is linted with the repository's own config, as `npm run lint` would lint that file, and
 * must fail (or pass) on that rule. The imported files are real ones, picked from disk, because
 * the rule only judges imports it can resolve; the importing files need not exist (a throwaway
 * file is linted as text under the path it would have).
 */
import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const src = join(root, 'pwa/src');
const rule = 'import-x/no-restricted-paths';

/** The first TypeScript source (not a test) in a folder of pwa/src, as a path from the repository root. */
function sourceIn(folder: string): string {
  const name = readdirSync(join(src, folder))
    .sort()
    .find((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  if (!name) throw new Error(`No source file in pwa/src/${folder}`);
  return `pwa/src/${folder}/${name}`;
}

const featureNames = readdirSync(join(src, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && readdirSync(join(src, 'features', entry.name)).some((f) => /\.tsx?$/.test(f)))
  .map((entry) => entry.name)
  .sort();
const [featureA, featureB] = featureNames as [string, string];
const fileOfA = sourceIn(`features/${featureA}`);
const fileOfB = sourceIn(`features/${featureB}`);
const appFile = sourceIn('app');
const libFile = sourceIn('lib');
const componentFile = sourceIn('components');

/** `import ... from '<path to target>'` as written in `importer`. */
function specifier(importer: string, target: string): string {
  const path = relative(dirname(join(root, importer)), join(root, target)).replace(/\\/g, '/');
  return path.startsWith('.') ? path : `./${path}`;
}

const eslint = new ESLint({ cwd: root });

async function boundaryErrors(importer: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, importer) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

const importOf = (importer: string, target: string) => `import * as other from '${specifier(importer, target)}';\nexport const used = other;\n`;

describe('import boundaries of the PWA (npm run lint)', () => {
  // The first lint loads the config and its plugins: slow on a busy machine, and not a boundary case.
  beforeAll(() => boundaryErrors(libFile, '').then(() => undefined), 60_000);

  it('finds at least two features to test with', () => {
    expect(featureNames.length).toBeGreaterThanOrEqual(2);
  });

  const crossings: [string, string, string][] = [
    ['a feature imports another feature', `pwa/src/features/${featureA}/throwaway-crossing.ts`, fileOfB],
    ['the other way round', `pwa/src/features/${featureB}/throwaway-crossing.tsx`, fileOfA],
    ['a test file in a feature imports another feature', `pwa/src/features/${featureA}/throwaway-crossing.test.ts`, fileOfB],
    ['a throwaway file in a new feature folder imports a feature', 'pwa/src/features/throwaway-new-feature/index.ts', fileOfA],
    ['a feature imports app/', `pwa/src/features/${featureA}/throwaway-crossing.ts`, appFile],
    ['lib/ imports a feature', 'pwa/src/lib/throwaway-crossing.ts', fileOfA],
    ['lib/ imports app/', 'pwa/src/lib/throwaway-crossing.ts', appFile],
    ['a test file in lib/ imports a feature', 'pwa/src/lib/throwaway-crossing.test.ts', fileOfA],
    ['components/ imports a feature', 'pwa/src/components/throwaway-crossing.tsx', fileOfB],
    ['components/ imports app/', 'pwa/src/components/throwaway-crossing.tsx', appFile],
  ];

  it.each(crossings)('fails when %s', async (_case, importer, target) => {
    const errors = await boundaryErrors(importer, importOf(importer, target));
    expect(errors).toHaveLength(1);
  });

  it('fails on a re-export, a type-only import and a lazy import across a boundary too', async () => {
    const importer = 'pwa/src/lib/throwaway-crossing.ts';
    const to = specifier(importer, fileOfA);
    const code = [
      `export * from '${to}';`,
      `import type * as types from '${specifier(importer, appFile)}';`,
      `export const lazy = () => import('${to}');`,
      'export type Types = typeof types;',
      '',
    ].join('\n');
    expect(await boundaryErrors(importer, code)).toHaveLength(3);
  });

  const allowed: [string, string, string][] = [
    ['a feature imports its own files', `pwa/src/features/${featureA}/throwaway-allowed.ts`, fileOfA],
    ['a feature imports lib/', `pwa/src/features/${featureA}/throwaway-allowed.ts`, libFile],
    ['a feature imports components/', `pwa/src/features/${featureB}/throwaway-allowed.tsx`, componentFile],
    ['app/ imports a feature', 'pwa/src/app/throwaway-allowed.tsx', fileOfA],
    ['components/ imports lib/', 'pwa/src/components/throwaway-allowed.tsx', libFile],
  ];

  it.each(allowed)('passes when %s', async (_case, importer, target) => {
    expect(await boundaryErrors(importer, importOf(importer, target))).toEqual([]);
  });
});
