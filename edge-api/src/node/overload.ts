/**
 * Load shedding on the Node server (docs/security.md, decision 0045): past capacity a request is
 * answered at once with 503 and Retry-After instead of waiting in a queue until its client times
 * out. It runs in node:http's 'request' listener, before the Hono adapter builds a Request, before
 * any body is read, any database touched or any hash queued: a shed request costs a few
 * microseconds, so the server can keep refusing even when it is far past capacity.
 * Capacity is judged three ways:
 * - requests in flight (OVERLOAD_MAX_IN_FLIGHT): accepted and not yet answered;
 * - the password-hash queue (auth/hash-queue.ts): a sign-in, sign-up or password change that
 *   would wait too long for its hash is refused here rather than after its body and throttle;
 * - event-loop delay (OVERLOAD_MAX_EVENT_LOOP_DELAY_MS, off unless set), measured by
 *   perf_hooks.monitorEventLoopDelay as the mean over the last 200 ms, so one slow task does not
 *   shed the requests queued behind it, only a loop that stays late does. Off by default because
 *   on a small shared machine the loop is also late for its neighbours' reasons.
 * (Workers need none of this: the platform spreads load over isolates; the hash queue's own
 * 503 still applies there.)
 * No package does this for a plain node:http server and is kept up (overload-protection and
 * loopbusy are unmaintained; under-pressure is Fastify's), and the limits are product policy.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { apiPrefix } from '../http/api-prefix.ts';
import { hashQueueIsFull } from '../auth/hash-queue.ts';
import type { EnvSource } from '../http/config.ts';

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

/** The requests that wait for a password hash (routes/auth.ts). */
const hashingRoutes = new Set(['/auth/login', '/auth/register', '/auth/password'].map((path) => apiPrefix + path));

const overloadBody = JSON.stringify({
  error: 'service_unavailable',
  message: 'The server is busy right now. Please try again in a moment.',
});

const needsHash = (req: IncomingMessage) => req.method === 'POST' && hashingRoutes.has((req.url ?? '').split('?')[0]!);

export function loadShedder(settings: OverloadSettings) {
  let inFlight = 0;
  let shed = 0;
  let eventLoopDelayMs = 0;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const sampler = setInterval(() => {
    // Mean lateness of the loop over the last window (nanoseconds; NaN when nothing was recorded).
    eventLoopDelayMs = Number.isFinite(histogram.mean) ? histogram.mean / 1e6 : 0;
    histogram.reset();
  }, 200);
  sampler.unref();

  const overloaded = (req: IncomingMessage) =>
    inFlight >= settings.maxInFlight ||
    (settings.maxEventLoopDelayMs > 0 && eventLoopDelayMs > settings.maxEventLoopDelayMs) ||
    (needsHash(req) && hashQueueIsFull());

  const refuse = (res: ServerResponse) => {
    shed += 1;
    res.writeHead(503, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(overloadBody),
      'retry-after': String(settings.retryAfterSeconds),
      'cache-control': 'no-store',
      // The body is not read: this connection carries nothing after the answer.
      connection: 'close',
    });
    res.end(overloadBody);
  };

  return {
    stop() {
      clearInterval(sampler);
      histogram.disable();
    },
    stats: () => ({ inFlight, shed, eventLoopDelayMs }),
    /** Wraps the app's listener: requests past capacity never reach it. */
    guard(next: RequestListener): RequestListener {
      return (req, res) => {
        if (overloaded(req)) return refuse(res);
        inFlight += 1;
        res.once('close', () => (inFlight -= 1));
        return next(req, res);
      };
    },
  };
}
