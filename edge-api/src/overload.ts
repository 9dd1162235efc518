/**
 * Load shedding on the Node server (docs/security.md): past capacity a request is answered at
 * once with 503 and Retry-After instead of waiting in a queue until the client times out.
 * Capacity is judged two ways, both configurable:
 * - requests in flight (OVERLOAD_MAX_IN_FLIGHT): work already accepted and not yet answered;
 * - event-loop delay (OVERLOAD_MAX_EVENT_LOOP_DELAY_MS, off unless set): how late a 50 ms timer
 *   fires, smoothed so that one slow task does not shed the requests queued behind it; only a
 *   loop that stays late does. Off by default because on a small shared machine the loop is late
 *   for reasons of its neighbours', and a shed request fails a person for nothing.
 * A shed request costs almost nothing: no body read, no database, no hash.
 * (Workers need none of this: the platform spreads load over isolates.)
 */
import type { EnvSource } from './config.ts';

export interface OverloadSettings {
  maxInFlight: number;
  maxEventLoopDelayMs: number;
  retryAfterSeconds: number;
}

export function readOverloadSettings(env: EnvSource): OverloadSettings {
  const int = (value: string | undefined, fallback: number) => (value && Number.isFinite(Number(value)) ? Math.trunc(Number(value)) : fallback);
  return {
    maxInFlight: int(env.OVERLOAD_MAX_IN_FLIGHT, 128),
    maxEventLoopDelayMs: int(env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS, 0),
    retryAfterSeconds: int(env.OVERLOAD_RETRY_AFTER_SECONDS, 2),
  };
}

type FetchHandler = (request: Request, env: unknown) => Response | Promise<Response>;

const overloadBody = JSON.stringify({
  error: 'service_unavailable',
  message: 'The server is busy right now. Please try again in a moment.',
});

export function shedLoad(fetchHandler: FetchHandler, settings: OverloadSettings) {
  let inFlight = 0;
  let eventLoopDelay = 0;
  const tick = 50;
  let expected = Date.now() + tick;
  const timer = setInterval(() => {
    const now = Date.now();
    // A moving average over the last few ticks: sustained lateness, not one long task.
    eventLoopDelay = 0.7 * eventLoopDelay + 0.3 * Math.max(0, now - expected);
    expected = now + tick;
  }, tick);
  timer.unref();

  const overloaded = () =>
    inFlight >= settings.maxInFlight || (settings.maxEventLoopDelayMs > 0 && eventLoopDelay > settings.maxEventLoopDelayMs);

  return {
    stop: () => clearInterval(timer),
    stats: () => ({ inFlight, eventLoopDelay }),
    async fetch(request: Request, env: unknown): Promise<Response> {
      if (overloaded()) {
        return new Response(overloadBody, {
          status: 503,
          headers: {
            'content-type': 'application/json',
            'retry-after': String(settings.retryAfterSeconds),
            // The body was not read; the connection cannot carry another request after it.
            connection: 'close',
            'cache-control': 'no-store',
          },
        });
      }
      inFlight += 1;
      try {
        return await fetchHandler(request, env);
      } finally {
        inFlight -= 1;
      }
    },
  };
}
