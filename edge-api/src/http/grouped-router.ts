/**
 * Hono's own default router (SmartRouter: RegExpRouter, else TrieRouter), one per group of routes
 * that cannot answer the same request, instead of one over the whole table. Why (issue 52, decision
 * 0123): RegExpRouter refuses a table where a fixed word and a parameter share a place
 * (`/api/policies/search` beside `/api/policies/:id`), and then SmartRouter answers every request
 * with the slower TrieRouter (~2.5 µs a match on the app's table against ~1.0 µs). Split by the
 * request's first path segments, most groups hold no such pair: `GET /api/policies/<an id>` is
 * answered by a RegExpRouter over the few routes that can match it, and only the groups that still
 * hold a pair (`/api/applications/<an id>/documents/...`) fall back to a TrieRouter of their own.
 *
 * All matching stays Hono's. This module only chooses the group: for each of the first `depth`
 * segments, the segment itself if some route has that fixed word there, else "any other". A route
 * joins every group it could match a request of: a fixed word only the groups with that word at
 * that place; a parameter (`:id`) every group at that place; and from a wildcard, a regular
 * expression, an optional parameter or the route's end onwards, every group. A group therefore holds
 * every route that can match its requests, in the order they were added, and its router answers a
 * request exactly as one router over the whole table would (same handlers, same order, same params;
 * edge-api/test/grouped-router.node-only.test.ts holds the app's table and crafted ones to that).
 */
import { MESSAGE_MATCHER_IS_ALREADY_BUILT, METHOD_NAME_ALL, type Result, type Router } from 'hono/router';
import { SmartRouter } from 'hono/router/smart-router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { TrieRouter } from 'hono/router/trie-router';

/** A request segment that is no route's fixed word at its place (or no segment at all). */
const anyOther = '\u0000other';
/** The group for a method no route names (only `ALL` routes can match it). */
const otherMethod = '\u0000method';

/** A fixed word: the only kind of segment that keeps a route out of some groups. */
const fixedWord = /^[\w.~-]+$/;
/** A parameter matching one whole segment (no pattern, not optional): it joins every group at its place. */
const plainParameter = /^:\w+$/;

type Added<T> = { order: number; method: string; path: string; handler: T; places: (string | null)[] | undefined };
type GroupNode<T> = { key: string[]; next: Map<string, GroupNode<T>>; router?: Router<T> };

/**
 * What a route requires at each of the first `depth` places: its fixed word, or null for "any" (a
 * parameter, or from the route's end onwards, a trailing slash's empty segment included); undefined for a route with anything but fixed words and plain
 * parameters (a wildcard, a pattern, an optional parameter): Hono's RegExpRouter and TrieRouter answer
 * some requests to such routes differently (a wildcard between two fixed words does not match an empty
 * segment in the first, and does in the second), so a table holding one keeps a single router over
 * the whole table, the router Hono would choose for it.
 */
function placesOf(path: string, depth: number): (string | null)[] | undefined {
  const segments = path.split('/');
  if (segments[0] === '') segments.shift(); // as Hono's splitPath
  const last = segments.length - 1;
  if (!segments.every((segment, i) => fixedWord.test(segment) || plainParameter.test(segment) || (segment === '' && i === last))) return undefined;
  return Array.from({ length: depth }, (_, i) => (segments[i] !== undefined && fixedWord.test(segments[i]) ? segments[i] : null));
}

/** Hono's default router, one per group of routes chosen by the request's first `depth` path segments. */
export function groupedRouter<T>(depth = 3): Router<T> & { groupOf(method: string, path: string): Router<T> } {
  const added: Added<T>[] = [];
  let built = false;
  const routed = new Set<string>();
  const words: Set<string>[] = Array.from({ length: depth }, () => new Set());
  const methods = new Map<string, GroupNode<T>>();
  // Groups holding the same routes share one router (most "any other" groups hold the same few).
  const routersByRoutes = new Map<string, Router<T>>();

  // A route other than fixed words and plain parameters: one router over the whole table (placesOf).
  let mixed = false;
  let wholeTable: Router<T> | undefined;

  const routerOver = (routes: Added<T>[]): Router<T> => {
    const signature = routes.map((route) => route.order).join(',');
    let router = routersByRoutes.get(signature);
    if (!router) {
      router = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] });
      for (const route of routes) router.add(route.method, route.path, route.handler);
      routersByRoutes.set(signature, router);
    }
    return router;
  };
  const build = (method: string, key: string[]): Router<T> =>
    routerOver(
      added.filter(
        (route) =>
          (route.method === METHOD_NAME_ALL || route.method === method) && route.places!.every((word, i) => word === null || word === key[i]),
      ),
    );

  const groupOf = (requestMethod: string, path: string): Router<T> => {
    built = true;
    if (mixed) return (wholeTable ??= routerOver(added));
    const method = routed.has(requestMethod) ? requestMethod : otherMethod;
    let node: GroupNode<T> | undefined = methods.get(method);
    if (!node) methods.set(method, (node = { key: [], next: new Map() }));
    // The segments as Hono's splitPath gives them: after a leading '/', split at every '/'.
    let start = path.charCodeAt(0) === 47 ? 1 : 0;
    for (let i = 0; i < depth; i++) {
      let place = anyOther;
      if (start <= path.length) {
        let end = path.indexOf('/', start);
        if (end < 0) end = path.length;
        const segment = path.slice(start, end);
        if (words[i]!.has(segment)) place = segment;
        start = end + 1;
      }
      let next: GroupNode<T> | undefined = node.next.get(place);
      if (!next) node.next.set(place, (next = { key: [...node.key, place], next: new Map() }));
      node = next;
    }
    return (node.router ??= build(method, node.key));
  };

  return {
    name: 'SmartRouter per group of routes',
    add(method, path, handler) {
      // As Hono's SmartRouter: the table is fixed once the first request is matched.
      if (built) throw new Error(MESSAGE_MATCHER_IS_ALREADY_BUILT);
      const places = placesOf(path, depth);
      if (!places) mixed = true;
      places?.forEach((word, i) => word !== null && words[i]!.add(word));
      if (method !== METHOD_NAME_ALL) routed.add(method);
      added.push({ order: added.length, method, path, handler, places });
    },
    match(method, path): Result<T> {
      return groupOf(method, path).match(method, path);
    },
    groupOf,
  };
}
