/**
 * The API's rooms hold (eslint.config.js, docs/decisions/0070): shared code that imports node/ or
 * worker/, or a Node-only module, fails `npm run lint`; so does an import that climbs back up a
 * floor; the runtimes' own folders may use what is below them. Each case is linted with the
 * repository's own config, as text under the path it would have.
 */
import { ESLint } from 'eslint';
import { dirname, join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function problems(importer: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, importer) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'no-restricted-imports')
    .map((m) => `${m.ruleId}: ${m.message}`);
}

const specifier = (importer: string, target: string) => {
  const path = relative(dirname(join(root, importer)), join(root, target)).replace(/\\/g, '/');
  return path.startsWith('.') ? path : `./${path}`;
};
const importOf = (importer: string, target: string) => `import * as other from '${specifier(importer, target)}';\nexport const used = other;\n`;
const importModule = (name: string) => `import * as other from '${name}';\nexport const used = other;\n`;

describe('rooms of the API (npm run lint)', () => {
  beforeAll(() => problems('edge-api/src/lib/throwaway.ts', '').then(() => undefined), 60_000);

  // [case, importing file, imported file, problems lint must report]
  const imports: [string, string, string, number][] = [
    ['a route imports the Node entry', 'edge-api/src/routes/throwaway.ts', 'edge-api/src/node/node.ts', 1],
    ['a command imports the Node SQLite driver', 'edge-api/src/commands/throwaway.ts', 'edge-api/src/node/sqlite-node.ts', 1],
    ['http/ imports the Worker entry', 'edge-api/src/http/throwaway.ts', 'edge-api/src/worker/worker.ts', 1],
    ['app.ts imports the disk image store', 'edge-api/src/app.ts', 'edge-api/src/node/disk-images.ts', 1],
    ['the Worker imports the Node overload guard', 'edge-api/src/worker/throwaway.ts', 'edge-api/src/node/overload.ts', 1],
    ['the Node entry imports D1', 'edge-api/src/node/throwaway.ts', 'edge-api/src/worker/d1.ts', 1],
    ['the notifications sender imports the Node push loop', 'edge-api/src/notifications/throwaway.ts', 'edge-api/src/node/push-loop.ts', 1],
    ['db/ climbs up to a command', 'edge-api/src/db/throwaway.ts', 'edge-api/src/commands/applications.ts', 1],
    ['db/ climbs up to lib/', 'edge-api/src/db/throwaway.ts', 'edge-api/src/lib/view-counter.ts', 1],
    ['a schema climbs up to db/', 'edge-api/src/schemas/throwaway.ts', 'edge-api/src/db/schema.ts', 1],
    ['lib/ climbs up to a route', 'edge-api/src/lib/throwaway.ts', 'edge-api/src/routes/policies.ts', 1],
    ['a command climbs up to a route', 'edge-api/src/commands/throwaway.ts', 'edge-api/src/routes/applications.ts', 1],
    ['a route climbs up to app.ts', 'edge-api/src/routes/throwaway.ts', 'edge-api/src/app.ts', 1],
    ['the Node entry imports the app', 'edge-api/src/node/throwaway.ts', 'edge-api/src/app.ts', 0],
    ['the Worker imports a route', 'edge-api/src/worker/throwaway.ts', 'edge-api/src/routes/policies.ts', 0],
    ['a route imports a command', 'edge-api/src/routes/throwaway.ts', 'edge-api/src/commands/applications.ts', 0],
    ['a command imports db/', 'edge-api/src/commands/throwaway.ts', 'edge-api/src/db/applications.ts', 0],
    ['a schema imports the API prefix', 'edge-api/src/schemas/throwaway.ts', 'edge-api/src/http/api-prefix.ts', 0],
  ];
  it.each(imports)('%s: %i problem(s)', async (_case, importer, target, expected) => {
    expect(await problems(importer, importOf(importer, target))).toHaveLength(expected);
  });

  it.each([['better-sqlite3'], ['node:fs'], ['node:fs/promises'], ['@hono/node-server']])(
    'fails when shared code imports the Node-only module %s',
    async (name) => {
      const found = await problems('edge-api/src/lib/throwaway.ts', importModule(name));
      expect(found).toEqual([expect.stringMatching(/^no-restricted-imports: .*Node-only/)]);
    },
  );

  it('lets the Node folder use Node-only modules', async () => {
    expect(await problems('edge-api/src/node/throwaway.ts', importModule('node:fs'))).toEqual([]);
  });
});
