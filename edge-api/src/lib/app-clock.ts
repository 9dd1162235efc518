/**
 * The app's clock (`deps.clock`) on both runtimes. `APP_CLOCK_AT` (an ISO instant) starts it
 * at that instant, from which it runs on at the real pace: how a test puts the server at 22:00
 * in Dhaka, or on the morning after, without waiting (tests never sleep). Refused in production,
 * where the only time is the real one.
 */
import type { EnvSource } from '../http/config.ts';

export function appClock(env: EnvSource, production: boolean): () => Date {
  const at = env.APP_CLOCK_AT?.trim();
  if (!at) return () => new Date();
  if (production) throw new Error('APP_CLOCK_AT moves the clock for tests and demos; it is refused in production');
  const start = Date.parse(at);
  if (Number.isNaN(start)) throw new Error(`APP_CLOCK_AT must be an ISO instant, got "${at}"`);
  // Taken at the first reading: a Worker's clock reads 1970 outside a request.
  let began: number | undefined;
  return () => {
    began ??= Date.now();
    return new Date(start + (Date.now() - began));
  };
}
