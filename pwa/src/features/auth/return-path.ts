/**
 * Where to go after signing in or registering (spec section 2): the page the user came from
 * (router state `from`, a path or a location with its own state), else /.
 */
export interface ReturnTarget {
  to: string;
  state?: unknown;
}

interface FromLocation {
  pathname?: unknown;
  search?: unknown;
  hash?: unknown;
  state?: unknown;
}

/** Only paths inside the app: never another origin, never back to the sign-in pages. */
const isSafe = (path: string) => path.startsWith('/') && !path.startsWith('//') && !/^\/(login|register)\b/.test(path);

export function returnTargetOf(routerState: unknown): ReturnTarget {
  const from = (routerState as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && isSafe(from)) return { to: from };
  if (from && typeof from === 'object') {
    const { pathname, search, hash, state } = from as FromLocation;
    if (typeof pathname === 'string' && isSafe(pathname)) {
      const to = `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
      return state === undefined || state === null ? { to } : { to, state };
    }
  }
  return { to: '/' };
}
