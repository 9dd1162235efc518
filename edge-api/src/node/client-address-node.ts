import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The Node server's client address: the socket's peer, or, behind a reverse proxy that the
 * operator vouches for (TRUST_PROXY=true), the last hop the proxy appended to X-Forwarded-For
 * (earlier hops are whatever the client claimed).
 */
export const nodeClientAddress =
  (trustProxy: boolean) =>
  (c: Context): string | undefined => {
    if (trustProxy) {
      const last = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
      if (last) return last;
    }
    try {
      return getConnInfo(c).remote.address;
    } catch {
      // app.request() in a unit test has no socket.
      return undefined;
    }
  };
