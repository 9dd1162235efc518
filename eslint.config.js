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

/**
 * The API's rooms (docs/decisions/0070): code for one runtime lives in node/ or worker/, and
 * nothing else imports either. Shared code stands on floors, and an import never climbs back up:
 * schemas/ < db/, storage/ < http/, lib/, auth/, payments/, lists/ < commands/, seed/ < routes/ < app.ts.
 */
const api = './edge-api/src';
const at = (...folders) => folders.map((folder) => `${api}/${folder}`);
// notifications/ and documents/ are the rooms of features still to come (decisions 0072, 0073):
// fenced before their first file lands.
const services = ['http', 'lib', 'auth', 'payments', 'lists', 'notifications', 'documents', 'premiums'];
const sharedApi = ['schemas', 'db', 'storage', ...services, 'commands', 'seed', 'routes', 'app.ts'];
const floors = [
  ['schemas'],
  ['db', 'storage'],
  services,
  ['commands', 'seed'],
  ['routes'],
  ['app.ts'],
];
const apiZones = [
  {
    target: at(...sharedApi),
    from: at('node', 'worker'),
    message: 'Shared API code must not import node/ or worker/: it runs on both runtimes. Hand it what it needs through createApp(deps).',
  },
  { target: at('node'), from: at('worker'), message: 'node/ and worker/ are two runtimes: share through the folders both import.' },
  { target: at('worker'), from: at('node'), message: 'node/ and worker/ are two runtimes: share through the folders both import.' },
  ...floors.slice(0, -1).map((floor, index) => ({
    target: at(...floor),
    from: at(...floors.slice(index + 1).flat()),
    // The API's path is a constant the request schemas need too (image addresses).
    except: floor.includes('schemas') ? ['./api-prefix.ts'] : [],
    message: `An import may not climb back up: ${floor.join(', ')} sits below ${floors.slice(index + 1).flat().join(', ')}.`,
  })),
];
/** Packages and built-ins that exist only on Node: shared code that imports one breaks the Worker's bundle. */
const nodeOnlyModules = ['better-sqlite3', '@hono/node-server', 'node:fs', 'node:fs/promises', 'node:http', 'node:net', 'node:os', 'node:child_process', 'node:worker_threads', 'node:perf_hooks', 'node:zlib'];

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', 'data/**', '**/*.d.ts', 'pwa/dev-dist/**', '.wrangler/**'] },
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
  {
    files: ['edge-api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: apiZones }],
    },
  },
  {
    files: sharedApi.map((folder) => (folder.endsWith('.ts') ? `edge-api/src/${folder}` : `edge-api/src/${folder}/**/*.ts`)),
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeOnlyModules.map((name) => ({
            name,
            message: 'Node-only: the Worker has no such module. Put this code in edge-api/src/node/ and hand it in through createApp(deps).',
          })),
        },
      ],
    },
  },
);
