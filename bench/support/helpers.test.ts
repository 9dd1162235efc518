/** The benchmark scripts' pure parts: statistics, build parsing, profile reading, the report. */
import { describe, expect, it } from 'vitest';
import { closure, filesOfHtml, lazyRoutesOf, type ViteManifest } from '../bundle.ts';
import { keystrokes } from '../search.ts';
import { areaOf, summarizeProfile } from './profile.ts';
import { renderReport, type BenchResult } from './report.ts';
import { median, percentile } from './stats.ts';

describe('statistics', () => {
  it('interpolates percentiles between ranks', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([1, 2, 3, 4])).toBe(2.5);
    expect(percentile([10, 20, 30, 40, 50], 95)).toBeCloseTo(48);
    expect(median([])).toBeNaN();
  });
});

describe('bundle', () => {
  const html = `<script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c.css">
    <link rel="icon" href="/favicon.svg">
    <link rel="preconnect" href="https://js.stripe.com">`;

  it('reads the entry script, modulepreloads and stylesheets from index.html, nothing else', () => {
    expect(filesOfHtml(html)).toEqual(['assets/index-a.js', 'assets/react-b.js', 'assets/index-c.css']);
  });

  it('follows static imports and CSS through the manifest, not dynamic imports', () => {
    const manifest: ViteManifest = {
      'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/home.tsx'], css: ['assets/index-c.css'] },
      '_react.js': { file: 'assets/react-b.js' },
      'src/home.tsx': { file: 'assets/home-d.js', isDynamicEntry: true, imports: ['_db.js', '_react.js'], css: ['assets/home-e.css'] },
      '_db.js': { file: 'assets/db-f.js', imports: ['_react.js'] },
    };
    expect([...closure(manifest, 'index.html')].sort()).toEqual(['assets/index-a.js', 'assets/index-c.css', 'assets/react-b.js']);
    expect([...closure(manifest, 'src/home.tsx')].sort()).toEqual(['assets/db-f.js', 'assets/home-d.js', 'assets/home-e.css', 'assets/react-b.js']);
  });

  it('finds each lazy route with its path, as a manifest key', () => {
    const source = `export const publicRoutes = [
      { index: true, lazy: () => import('../../features/home/home-page.tsx').then((m) => ({ Component: m.HomePage })) },
      { path: 'all-policies', lazy: () => import('../../features/policies/policy-catalogue.tsx') },
    ];`;
    expect(lazyRoutesOf(source, 'src/app/routes/public-routes.tsx')).toEqual([
      { module: 'src/features/home/home-page.tsx', path: '(index)', table: 'src/app/routes/public-routes.tsx' },
      { module: 'src/features/policies/policy-catalogue.tsx', path: 'all-policies', table: 'src/app/routes/public-routes.tsx' },
    ]);
  });
});

describe('CPU profile', () => {
  const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0 });
  const profile = {
    nodes: [
      { id: 1, callFrame: frame('(root)') },
      { id: 2, callFrame: frame('executeQuery', 'file:///app/node_modules/kysely/dist/esm/driver.js') },
      { id: 3, callFrame: frame('handler', 'file:///app/edge-api/src/routes/policies.ts') },
      { id: 4, callFrame: frame('(idle)') },
    ],
    startTime: 1000,
    endTime: 2000,
    samples: [2, 2, 3, 4, 2],
    timeDeltas: [100, 100, 100, 100, 100],
  };

  it('names areas by package, our own file, or V8', () => {
    expect(areaOf('file:///x/node_modules/@hono/node-server/dist/index.mjs', 'f')).toBe('@hono/node-server');
    expect(areaOf('file:///work/main/edge-api/src/app.ts', 'f')).toBe('edge-api/src/app.ts');
    expect(areaOf('node:internal/crypto/util', 'f')).toBe('node:internal/crypto');
    expect(areaOf('', '(garbage collector)')).toBe('garbage collection');
  });

  it('shares busy time by area, leaving out idle time and samples outside the window', () => {
    const all = summarizeProfile(profile);
    expect(all.areas[0]).toEqual({ name: 'kysely', share: 0.75 });
    // Samples at 1100..1500: a window from 1250 keeps the samples at 1300 (handler), 1400 (idle), 1500 (kysely).
    const late = summarizeProfile(profile, 12, { fromMicros: 1250, toMicros: 2000 });
    expect(late.areas.map((a) => a.name).sort()).toEqual(['edge-api/src/routes/policies.ts', 'kysely']);
    expect(late.areas.every((a) => a.share === 0.5)).toBe(true);
  });
});

describe('search keystrokes', () => {
  it('types a number digit by digit and deletes it again, so every keystroke changes the query', () => {
    expect(keystrokes(['482'])).toEqual(['4', '48', '482', '48', '4', '']);
  });
});

describe('report', () => {
  const result = (overrides: Partial<BenchResult>): BenchResult => ({
    id: 'bundle',
    title: '2. Bundle',
    status: 'measured',
    goals: [],
    details: [],
    console: [],
    ranAt: '2026-01-01T00:00:00.000Z',
    seconds: 1,
    machine: 'test machine',
    quick: false,
    ...overrides,
  });

  it('puts goal and measured value side by side with the verdict, the commit measured and the command', () => {
    const text = renderReport([
      result({ commit: 'commit 0123abc', goals: [{ figure: 'JS for /', goal: '≤ 120 KB', measured: '130 KB', met: false, command: 'npm run bench -- bundle' }] }),
      result({ id: 'sync', status: 'skipped', reason: 'GET /sync is not built yet', commit: 'commit 4567def with uncommitted changes (bench/sync.ts)' }),
      result({ id: 'search', title: '5. Search', goals: [{ figure: 'A key', goal: '≤ 16 ms', measured: '9 ms', met: true, command: 'npm run bench -- search' }] }),
    ]);
    expect(text).toContain('| bundle | JS for / | ≤ 120 KB | 130 KB | NOT MET | 0123abc | `npm run bench -- bundle` |');
    expect(text).toContain('| sync | skipped |  |  |  | 4567def* | GET /sync is not built yet |');
    // A result from before commits were recorded says so rather than showing none.
    expect(text).toContain('| search | A key | ≤ 16 ms | 9 ms | met | not recorded | `npm run bench -- search` |');
    expect(text).toContain('Last run 2026-01-01T00:00:00.000Z (1 s) of commit 0123abc on test machine.');
    expect(text).toContain('of commit 4567def with uncommitted changes (bench/sync.ts) on test machine.');
    expect(text).toContain('**skipped**: GET /sync is not built yet');
  });
});
