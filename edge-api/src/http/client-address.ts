import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

/**
 * The client's network address, as the entry point knows it (the socket on Node, or the
 * proxy's header when TRUST_PROXY is set; CF-Connecting-IP on Workers). 'unknown' groups
 * clients whose address cannot be told, so limits still apply to them together.
 */
export function clientAddress(c: Context<AppEnv>): string {
  return c.get('deps').clientAddress?.(c) || 'unknown';
}
