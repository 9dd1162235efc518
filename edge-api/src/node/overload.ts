/**
 * Load shedding on the Node server (docs/security.md, decision 0045): past capacity a request is
 * answered at once with 503 and Retry-After instead of waiting in a queue until its client times
 * out. It runs in node:http's 'request' listener, before the Hono adapter builds a Request, before
 * any body is read, any database touched or any hash queued: a shed request costs a few
 * microseconds, so the server can keep refusing even when it is far past capacity.
 * Capacity is judged five ways:
 * - requests in flight (OVERLOAD_MAX_IN_FLIGHT): accepted and not yet answered;
 * - requests still receiving their body (OVERLOAD_MAX_RECEIVING, half the places by default): a
 *   body sent a byte a second holds its place until its deadline (REQUEST_BODY_TIMEOUT_MS, or
 *   UPLOAD_BODY_TIMEOUT_MS for the image routes), then gets 408 and its connection is closed, so
 *   slow senders can never hold all the places of the requests being answered (issue 24);
 * - places held by one client address (OVERLOAD_MAX_PER_CLIENT, a quarter by default): one
 *   address (the socket's peer, or the proxy's last X-Forwarded-For hop with TRUST_PROXY) cannot
 *   take more than its share, whether by slow bodies, slow reads or plain volume;
 * - the password-hash queue (auth/hash-queue.ts): a sign-in, sign-up or password change that
 *   would wait too long for its hash is refused here rather than after its body and throttle;
 * - event-loop delay (OVERLOAD_MAX_EVENT_LOOP_DELAY_MS, off unless set), measured by
 *   perf_hooks.monitorEventLoopDelay as the mean over the last 200 ms, so one slow task does not
 *   shed the requests queued behind it, only a loop that stays late does. Off by default because
 *   on a small shared machine the loop is also late for its neighbours' reasons.
 * (Workers need none of this: the platform spreads load over isolates and bounds request time;
 * the hash queue's own 503 still applies there.)
 * No package does this for a plain node:http server and is kept up (overload-protection and
 * loopbusy are unmaintained; under-pressure is Fastify's), and the limits are product policy.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { apiPrefix } from '../http/api-prefix.ts';
import { isLargeBodyPath } from '../http/security.ts';
import { hashQueueIsFull } from '../auth/hash-queue.ts';
import type { EnvSource } from '../http/config.ts';

export interface OverloadSettings {
  maxInFlight: number;
  /** Of the places, how many may be held by requests whose body is still arriving. */
  maxReceiving: number;
  /** Of the places, how many one client address may hold. */
  maxPerClient: number;
  maxEventLoopDelayMs: number;
  retryAfterSeconds: number;
  /** From the headers to the last byte of a JSON body. */
  bodyTimeoutMs: number;
  /** The same for the image routes (10 MB). */
  uploadBodyTimeoutMs: number;
  /** From a request's first byte to the end of its headers (node:http's headersTimeout). */
  headersTimeoutMs: number;
  /** The client address is the last X-Forwarded-For hop (as client-address-node.ts reads it). */
  trustProxy: boolean;
}

export function readOverloadSettings(env: EnvSource): OverloadSettings {
  const int = (value: string | undefined, fallback: number) => (value && Number.isFinite(Number(value)) ? Math.trunc(Number(value)) : fallback);
  const maxInFlight = Math.max(1, int(env.OVERLOAD_MAX_IN_FLIGHT, 128));
  return {
    maxInFlight,
    maxReceiving: Math.max(1, int(env.OVERLOAD_MAX_RECEIVING, Math.floor(maxInFlight / 2))),
    maxPerClient: Math.max(1, int(env.OVERLOAD_MAX_PER_CLIENT, Math.floor(maxInFlight / 4))),
    maxEventLoopDelayMs: int(env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS, 0),
    retryAfterSeconds: int(env.OVERLOAD_RETRY_AFTER_SECONDS, 2),
    bodyTimeoutMs: Math.max(1, int(env.REQUEST_BODY_TIMEOUT_MS, 10_000)),
    uploadBodyTimeoutMs: Math.max(1, int(env.UPLOAD_BODY_TIMEOUT_MS, 120_000)),
    headersTimeoutMs: Math.max(1, int(env.REQUEST_HEADERS_TIMEOUT_MS, 5_000)),
    trustProxy: env.TRUST_PROXY === 'true',
  };
}

/** The requests that wait for a password hash (routes/auth.ts). */
const hashingRoutes = new Set(['/auth/login', '/auth/register', '/auth/password'].map((path) => apiPrefix + path));

const answerBody = (message: string, error: string) => JSON.stringify({ error, message });
const overloadBody = answerBody('The server is busy right now. Please try again in a moment.', 'service_unavailable');
const tooSlowBody = answerBody('The request took too long to arrive. Please try again.', 'request_timeout');

const pathOf = (req: IncomingMessage) => (req.url ?? '').split('?')[0]!;
const needsHash = (req: IncomingMessage) => req.method === 'POST' && hashingRoutes.has(pathOf(req));
/** A request that declares a body: a length above zero, or chunks. */
const hasBody = (req: IncomingMessage) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** Writes a whole answer at once, closing the connection: the request's body is not read. */
function answerAndClose(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
    ...headers,
  });
  res.end(body);
}

/**
 * node:http's own limits, the backstop behind the guard's deadlines: headers within a few seconds
 * (slow headers hold a socket, never a place, but sockets cost memory and file descriptors), and
 * the whole request within the longest body deadline, the uploads' (node:http has one limit for
 * every route; the guard holds JSON bodies to theirs). Node's defaults were 60 s and 300 s, and
 * it checks them only every 30 s; once a second here, so a deadline is kept to within a second.
 */
export function serverTimeouts(settings: OverloadSettings) {
  const requestTimeout = Math.max(settings.uploadBodyTimeoutMs, settings.bodyTimeoutMs, settings.headersTimeoutMs) + 1_000;
  return {
    headersTimeout: settings.headersTimeoutMs,
    requestTimeout,
    connectionsCheckingInterval: Math.min(1_000, settings.headersTimeoutMs),
  };
}

export function loadShedder(settings: OverloadSettings) {
  let inFlight = 0;
  let receiving = 0;
  let shed = 0;
  let timedOut = 0;
  let eventLoopDelayMs = 0;
  /** Places held per client address; an address holding none is removed. */
  const held = new Map<string, number>();
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const sampler = setInterval(() => {
    // Mean lateness of the loop over the last window (nanoseconds; NaN when nothing was recorded).
    eventLoopDelayMs = Number.isFinite(histogram.mean) ? histogram.mean / 1e6 : 0;
    histogram.reset();
  }, 200);
  sampler.unref();

  const clientOf = (req: IncomingMessage): string => {
    if (settings.trustProxy) {
      const forwarded = req.headers['x-forwarded-for'];
      const last = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',').pop()?.trim();
      if (last) return last;
    }
    return req.socket.remoteAddress ?? 'unknown';
  };

  const overloaded = (req: IncomingMessage, client: string, body: boolean) =>
    inFlight >= settings.maxInFlight ||
    (held.get(client) ?? 0) >= settings.maxPerClient ||
    (body && receiving >= settings.maxReceiving) ||
    (settings.maxEventLoopDelayMs > 0 && eventLoopDelayMs > settings.maxEventLoopDelayMs) ||
    (needsHash(req) && hashQueueIsFull());

  const refuse = (res: ServerResponse) => {
    shed += 1;
    answerAndClose(res, 503, overloadBody, { 'retry-after': String(settings.retryAfterSeconds) });
  };

  /** Takes a place for the request, and gives it back once, when its answer is done or its connection gone. */
  const admit = (req: IncomingMessage, res: ServerResponse, client: string, body: boolean) => {
    inFlight += 1;
    held.set(client, (held.get(client) ?? 0) + 1);
    let stillReceiving = body;
    let deadline: NodeJS.Timeout | undefined;
    const bodyArrived = () => {
      if (!stillReceiving) return;
      stillReceiving = false;
      receiving -= 1;
      clearTimeout(deadline);
    };
    if (body) {
      receiving += 1;
      const ms = isLargeBodyPath(pathOf(req)) ? settings.uploadBodyTimeoutMs : settings.bodyTimeoutMs;
      deadline = setTimeout(() => {
        if (!stillReceiving) return;
        timedOut += 1;
        bodyArrived();
        // The app may be waiting for the rest of the body: closing the connection ends that
        // wait (the adapter aborts the request), and the place is given back at 'close' below.
        if (!res.headersSent) answerAndClose(res, 408, tooSlowBody);
        else res.destroy();
      }, ms);
      deadline.unref();
      // 'end' comes once the app has read the whole body (a listener for it reads nothing itself).
      req.once('end', bodyArrived);
    }
    res.once('close', () => {
      bodyArrived();
      inFlight -= 1;
      const left = (held.get(client) ?? 1) - 1;
      if (left > 0) held.set(client, left);
      else held.delete(client);
    });
  };

  return {
    stop() {
      clearInterval(sampler);
      histogram.disable();
    },
    /** Requests in flight, of them still receiving their body, shed so far, bodies too slow, loop delay, places per address. */
    stats: () => ({ inFlight, receiving, shed, timedOut, eventLoopDelayMs, heldBy: (client: string) => held.get(client) ?? 0 }),
    /** Wraps the app's listener: requests past capacity never reach it. */
    guard(next: RequestListener): RequestListener {
      return (req, res) => {
        const client = clientOf(req);
        const body = hasBody(req);
        if (overloaded(req, client, body)) return refuse(res);
        admit(req, res, client, body);
        return next(req, res);
      };
    },
  };
}
