import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries of the PWA, as bulletproof-react draws them: shared code (components/, lib/)
 * flows into features/, features into app/, never back; and a feature never imports another
 * feature (a route in app/ composes them). One zone per feature folder, read from disk when lint
 * starts, so a new feature is fenced in as soon as it exists. Paths are relative to this file's folder.
 */
const pwaSrc = './pwa/src';
const features = readdirSync(join(import.meta.dirname, 'pwa/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const importZones = [
  // Files in any other feature folder (one made after this list was read, too) may not import this one.
  ...features.map((feature) => ({
    target: `${pwaSrc}/features/!(${feature})/**/*`,
    from: `${pwaSrc}/features/${feature}`,
    message: 'A feature must not import another feature: move the shared part into components/ or lib/, or compose both in app/.',
  })),
  {
    target: `${pwaSrc}/features`,
    from: `${pwaSrc}/app`,
    message: 'Features must not import app/: app/ composes features, not the other way round.',
  },
  {
    target: [`${pwaSrc}/components`, `${pwaSrc}/lib`],
    from: [`${pwaSrc}/features`, `${pwaSrc}/app`],
    message: 'Shared code (components/, lib/) must not import features/ or app/: pass what it needs in, or move the shared part down.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', 'data/**', '**/*.d.ts', 'pwa/dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: importZones }],
    },
  },
);
