/**
 * The grouped router (grouped-router.ts, decision 0123) must answer every request exactly as Hono's
 * default router over the whole table: the same handlers, in the same order, with the same params.
 * Checked on the app's own route table (every route, with each parameter also given every fixed word
 * that shares its place) and on crafted tables with what the app does not use yet (wildcards,
 * middleware, `ALL` routes, patterns spanning segments, optional parameters, a parameter first).
 */
import { describe, expect, it } from 'vitest';
import type { Result, Router } from 'hono/router';
import { SmartRouter } from 'hono/router/smart-router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { TrieRouter } from 'hono/router/trie-router';
import { createApp, type AppDeps } from '../src/app.ts';
import { readConfig } from '../src/http/config.ts';
import { groupedRouter } from '../src/http/grouped-router.ts';

type Route = { method: string; path: string };

const honoDefault = () => new SmartRouter<number>({ routers: [new RegExpRouter(), new TrieRouter()] });

/**
 * A match as Hono's request reads it: each handler with its params, undefined ones left out as HonoRequest does
 * (in name order: RegExpRouter and TrieRouter list a route's params in different orders, which no reader sees).
 */
function answers(result: Result<number>): [number, Record<string, string>][] {
  const stash = result[1];
  return result[0].map(([handler, params]) => {
    const values: Record<string, string> = {};
    for (const [name, at] of Object.entries(params as Record<string, string | number>).sort(([a], [b]) => (a < b ? -1 : 1))) {
      const value = stash ? stash[at as number] : (at as string);
      if (value !== undefined) values[name] = value;
    }
    return [handler, values];
  });
}

function bothOver(routes: Route[]) {
  const whole = honoDefault();
  const grouped = groupedRouter<number>();
  routes.forEach(({ method, path }, i) => {
    whole.add(method, path, i);
    grouped.add(method, path, i);
  });
  return { whole, grouped };
}

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PURGE'];

/** Every (method, path) the two routers answer differently. */
function differences(routes: Route[], paths: Iterable<string>, { whole, grouped }: { whole: Router<number>; grouped: Router<number> }) {
  const found: string[] = [];
  let asked = 0;
  for (const path of paths)
    for (const method of methods) {
      asked++;
      const expected = answers(whole.match(method, path));
      const got = answers(grouped.match(method, path));
      if (JSON.stringify(got) !== JSON.stringify(expected))
        found.push(`${method} ${path}: ${JSON.stringify(got.map(([h, p]) => [`${routes[h]!.method} ${routes[h]!.path}`, p]))} (grouped) against ${JSON.stringify(expected.map(([h, p]) => [`${routes[h]!.method} ${routes[h]!.path}`, p]))}`);
    }
  return { found, asked };
}

/**
 * Paths to ask for a table: each route's path with every parameter given a value of its own, every
 * fixed word any route has at that place, an empty value; each with and without a trailing slash,
 * with a doubled slash and one segment more; and paths no route knows.
 */
function pathsFor(routes: Route[]): Set<string> {
  const wordsAt = new Map<number, Set<string>>();
  for (const { path } of routes)
    path
      .split('/')
      .slice(1)
      .forEach((segment, i) => {
        if (/^[\w.~-]+$/.test(segment)) (wordsAt.get(i) ?? wordsAt.set(i, new Set()).get(i)!).add(segment);
      });
  // Not '': Hono gives a router a path that starts with '/'.
  const paths = new Set<string>(['/', '//', '/api', '/api/', '/nope', '/api/nope', '/api/nope/deeper/still', '/API/policies/1', '/api/policies/6/', '/api//policies']);
  for (const { path } of routes) {
    const segments = path.split('/').slice(1);
    const choices = segments.map((segment, i) =>
      segment.startsWith(':') || segment.includes('*') ? ['v-1', '42', 'x%20y', '', ...(wordsAt.get(i) ?? [])] : [segment.replace(/[?{}].*$/, '')],
    );
    // Every choice at one place while the others keep their first value (a full product would be millions).
    for (let at = 0; at < choices.length; at++)
      for (const choice of choices[at]!) {
        const concrete = '/' + choices.map((options, i) => (i === at ? choice : options[0])).join('/');
        for (const variant of [concrete, `${concrete}/`, `${concrete}/more`, concrete.replace('/', '//')]) paths.add(variant);
      }
  }
  return paths;
}

const app = createApp({ config: readConfig({ JWT_SECRET: 'grouped-router-test-secret-0123456789abcdef' }), clock: () => new Date() } as unknown as AppDeps);
const appRoutes: Route[] = app.routes.map(({ method, path }) => ({ method, path }));

describe('the grouped router', () => {
  it("answers the app's own route table exactly as Hono's default router over the whole table", () => {
    expect(appRoutes.length).toBeGreaterThan(200);
    const { found, asked } = differences(appRoutes, pathsFor(appRoutes), bothOver(appRoutes));
    expect(asked).toBeGreaterThan(10_000);
    expect(found).toEqual([]);
  });

  it('answers GET /api/policies/:id with a RegExpRouter, where one router over the table falls back to the TrieRouter', () => {
    const { whole, grouped } = bothOver(appRoutes);
    whole.match('GET', '/api/policies/some-id');
    expect(whole.name).toBe('SmartRouter + TrieRouter');
    expect(answers(grouped.match('GET', '/api/policies/some-id')).map(([h, p]) => [appRoutes[h]!.path, p])).toEqual([['/api/policies/:id', { id: 'some-id' }]]);
    expect(grouped.groupOf('GET', '/api/policies/some-id').name).toBe('SmartRouter + RegExpRouter');
    // A fixed word beside the parameter: its own group, which holds both and keeps their order.
    const search = answers(grouped.match('GET', '/api/policies/search'));
    expect(new Set(search.map(([h]) => appRoutes[h]!.path))).toEqual(new Set(['/api/policies/search', '/api/policies/:id']));
    expect(search).toEqual(answers(whole.match('GET', '/api/policies/search')));
  });

  const crafted: Record<string, Route[]> = {
    'fixed words and parameters only (grouped): a parameter first, ALL routes, short and long paths, a route twice': [
      { method: 'GET', path: '/:lang/policies/:id' },
      { method: 'GET', path: '/en/policies/popular' },
      { method: 'ALL', path: '/api/policies/:id' },
      { method: 'GET', path: '/api/policies/search' },
      { method: 'GET', path: '/api/policies/:id' },
      { method: 'GET', path: '/api/policies/:id' },
      { method: 'POST', path: '/api/policies' },
      { method: 'GET', path: '/api' },
      { method: 'GET', path: '/' },
      { method: 'GET', path: '/api/blogs/' },
      { method: 'GET', path: '/:a/:b/:c/:d' },
      { method: 'DELETE', path: '/api/x/y/z/w' },
      { method: 'PATCH', path: '/api/:kind/assign/:id' },
      { method: 'PATCH', path: '/api/applications/:id/status' },
    ],
    'middleware on every path and on a prefix, and ALL routes': [
      { method: 'ALL', path: '*' },
      { method: 'ALL', path: '/api/*' },
      { method: 'GET', path: '/api/policies/search' },
      { method: 'GET', path: '/api/policies/:id' },
      { method: 'ALL', path: '/api/policies/:id' },
      { method: 'POST', path: '/api/policies' },
      { method: 'GET', path: '/api/policies/:id/*' },
      { method: 'GET', path: '/api/*/search' },
    ],
    'a parameter or a wildcard before the fixed words': [
      { method: 'GET', path: '/:lang/policies/:id' },
      { method: 'GET', path: '/en/policies/popular' },
      { method: 'GET', path: '/*/policies/search' },
      { method: 'GET', path: '/api/policies/:id' },
      { method: 'GET', path: '/:a/:b/:c/:d' },
    ],
    'patterns spanning segments, optional parameters and a parameter inside a segment': [
      { method: 'GET', path: '/files/:path{.+}' },
      { method: 'GET', path: '/files/list' },
      { method: 'GET', path: '/api/policies/:id?' },
      { method: 'GET', path: '/api/policies/:id{[0-9]+}' },
      { method: 'GET', path: '/api/policies/popular' },
      { method: 'GET', path: '/api/items/:name.json' },
      { method: 'GET', path: '/api/items/list.json' },
      { method: 'GET', path: '/' },
      { method: 'GET', path: '/api/policies/' },
    ],
    'a table without any route for the method asked': [{ method: 'GET', path: '/api/only' }],
  };
  for (const [name, routes] of Object.entries(crafted))
    it(`answers a crafted table exactly as Hono's default router: ${name}`, () => {
      const paths = pathsFor(routes);
      for (const extra of ['/api/policies/12', '/api/policies/abc', '/files/a/b/c', '/files/list', '/en/policies/popular', '/bn/policies/popular', '/api/items/x.json', '/api/items/list.json', '/x/y/z/w', '/x/y/z/w/v'])
        paths.add(extra);
      const routers = bothOver(routes);
      const { found } = differences(routes, paths, routers);
      expect(found).toEqual([]);
      if (name.includes('(grouped)')) expect(routers.grouped.groupOf('GET', '/api/policies/1')).not.toBe(routers.grouped.groupOf('GET', '/en/policies/popular'));
    });

  it('keeps one router over the whole table when a route has a wildcard, a pattern or an optional parameter', () => {
    for (const odd of ['/api/*', '/files/:path{.+}', '/api/policies/:id?', '/api/items/:name.json']) {
      const { grouped } = bothOver([{ method: 'GET', path: '/api/policies/:id' }, { method: 'GET', path: '/api/blogs/:id' }, { method: 'GET', path: odd }]);
      expect(grouped.groupOf('GET', '/api/policies/1')).toBe(grouped.groupOf('GET', '/api/blogs/1'));
    }
    const { grouped } = bothOver([{ method: 'GET', path: '/api/policies/:id' }, { method: 'GET', path: '/api/blogs/:id' }]);
    expect(grouped.groupOf('GET', '/api/policies/1')).not.toBe(grouped.groupOf('GET', '/api/blogs/1'));
  });

  it('refuses a route added once a request has been matched, as Hono does', () => {
    const grouped = groupedRouter<number>();
    grouped.add('GET', '/a', 0);
    grouped.match('GET', '/a');
    expect(() => grouped.add('GET', '/b', 1)).toThrow(/already built/);
  });
});
