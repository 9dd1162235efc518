/**
 * The same-work floor of the API benchmark (issue 32): node:http answering GET /api/policies/:id
 * and POST /api/applications by doing exactly the work the app does for them, and nothing a
 * framework adds. What the app adds beyond this server (routing, the middleware layers, the
 * adapter's Request and Response) is its own overhead; `npm run bench -- api` prints app ÷ floor.
 *
 * The same work, by calling the app's own code for it rather than a copy:
 * - the same database layer (node/sqlite-node.ts: the same SQLite settings, statement cache,
 *   direct prepared statements and group commit with synchronous = FULL), so the same SQL;
 * - the same checks in the same order: overload guard, cross-site and size checks on the POST,
 *   the JWT and session look-up (auth/session.ts), the access table, the zod schemas;
 * - the same command (commands/applications.ts: idempotency hash and record, limits, audit row,
 *   one batch) and the same kept policy answer with its counted view (db/policy-answers.ts);
 * - the same answers: the app's own security headers and request id (http/security.ts, request-id.ts),
 *   Cache-Control, X-Request-Id and the error shape as the app sets them; the same request log
 *   line and metrics (node/ops-node.ts). The bench checks that answers and headers are equal.
 *
 * Usage: node --import tsx bench/support/floor-server.ts (DATA_DIR, PORT, JWT_SECRET... as the app).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { enforceRule } from '../../edge-api/src/auth/access.ts';
import { accessTable, type RouteKey } from '../../edge-api/src/auth/access-table.ts';
import { sessionUserOf } from '../../edge-api/src/auth/session.ts';
import { applyForPolicy } from '../../edge-api/src/commands/applications.ts';
import { popularityOf } from '../../edge-api/src/db/policies.ts';
import { policyAnswer } from '../../edge-api/src/db/policy-answers.ts';
import type { SessionUser } from '../../edge-api/src/http/env.ts';
import { ApiError, notFound, type ErrorBody } from '../../edge-api/src/http/errors.ts';
import { requestIdOf } from '../../edge-api/src/http/request-id.ts';
import { writeRequestLine } from '../../edge-api/src/http/request-log.ts';
import { apiSecurityHeaderObject, refuseCrossSite } from '../../edge-api/src/http/security.ts';
import { validationFailure } from '../../edge-api/src/http/validation.ts';
import { idempotencyHeader, keyFromHeader } from '../../edge-api/src/lib/idempotency.ts';
import { createViewCounter, writeViews } from '../../edge-api/src/lib/view-counter.ts';
import { loadShedder, readOverloadSettings, serverTimeouts } from '../../edge-api/src/node/overload.ts';
import { applicationInput } from '../../edge-api/src/schemas/application.ts';
import { idParam } from '../../edge-api/src/schemas/params.ts';
import { nodeAppParts } from './node-app-parts.ts';

const env = process.env;
const dataDir = env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must name a copy of the app database');
const { config, ops, database, clock, deps } = nodeAppParts(env, dataDir);
const views = createViewCounter(writeViews(database.db), config.rateLimits.views, config.viewCounting, () => clock().getTime());
setInterval(() => {
  if (views.due()) void views.flush();
}, Math.max(10, Math.min(config.viewCounting.flushMs, 1000))).unref();

const json = 'application/json';

interface Answer {
  status: number;
  body: string | Uint8Array;
  headers: Record<string, string>;
}

const errorAnswer = (error: ApiError): Answer => {
  const body: ErrorBody = { error: error.code, message: error.message, ...error.extra };
  return { status: error.status, body: JSON.stringify(body), headers: { 'content-type': json } };
};

/** The app's own check of a row (auth/access.ts), for the route this floor answers. */
const allowed = (key: RouteKey, user: SessionUser | null) => enforceRule(accessTable[key], user);

/** What the request log line takes from the request's handling. */
interface Seen {
  route: string;
  user: SessionUser | null;
}

async function session(req: IncomingMessage, seen: Seen): Promise<SessionUser | null> {
  const header = req.headers.authorization;
  seen.user = header ? await sessionUserOf(deps, header) : null;
  return seen.user;
}

const header = (req: IncomingMessage) => (name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const policyPath = /^\/api\/policies\/([^/]+)$/;
const textEncoder = new TextEncoder();
const jsonType = /^application\/([\w.-]+\+)?json$/i;

async function getPolicy(req: IncomingMessage, seen: Seen, decodedId: string): Promise<Answer> {
  seen.route = '/api/policies/:id';
  const user = await session(req, seen);
  allowed('GET /policies/:id', user);
  const parsed = idParam.safeParse({ id: decodedId });
  if (!parsed.success) throw validationFailure('param', parsed.error);
  const { id } = parsed.data;
  const answer = await policyAnswer(deps.db, id);
  if (!answer) throw notFound('Policy');
  views.count(id, req.socket.remoteAddress || 'unknown');
  const popularity = popularityOf(answer.viewCount + views.unwritten(id), answer.applicationCount);
  const body = textEncoder.encode(answer.before + popularity + answer.after);
  return {
    status: 200,
    body,
    headers: { 'content-type': json, 'cache-control': 'public, max-age=0, must-revalidate' },
  };
}

async function postApplication(req: IncomingMessage, seen: Seen, path: string): Promise<Answer> {
  seen.route = '/api/applications';
  refuseCrossSite('POST', path, `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, header(req));
  const declared = req.headers['content-length'];
  if (declared !== undefined && parseInt(declared, 10) > config.maxJsonBytes) {
    throw new ApiError(413, 'payload_too_large', `The request is too large (at most ${Math.round(config.maxJsonBytes / 1024)} KB)`);
  }
  const user = await session(req, seen);
  allowed('POST /applications', user);
  // As the app's validator (hono's) reads a JSON body: only one declared as JSON, else nothing.
  let raw: unknown = {};
  if (jsonType.test((req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '')) {
    try {
      raw = JSON.parse(await readBody(req));
    } catch {
      throw new ApiError(400, 'bad_request', 'Malformed JSON in request body');
    }
  }
  const parsed = applicationInput.safeParse(raw);
  if (!parsed.success) throw validationFailure('json', parsed.error);
  const signedIn = user as SessionUser;
  const key = keyFromHeader(header(req)(idempotencyHeader.toLowerCase()), signedIn.id);
  const outcome = await applyForPolicy(deps, signedIn, parsed.data, key);
  const replayed: Record<string, string> = outcome.replayed ? { 'idempotent-replayed': 'true' } : {};
  if (!outcome.ok) {
    const { error, message, fields, details } = outcome.body;
    const answer = errorAnswer(new ApiError(outcome.status, error, message, { fields, details }));
    return { ...answer, headers: { ...answer.headers, ...replayed } };
  }
  return { status: outcome.status, body: JSON.stringify(outcome.body), headers: { 'content-type': json, ...replayed } };
}

function answer(req: IncomingMessage, seen: Seen, path: string): Promise<Answer> {
  const policy = req.method === 'GET' ? policyPath.exec(path) : null;
  if (policy?.[1]) return getPolicy(req, seen, decodeURIComponent(policy[1]));
  if (req.method === 'POST' && path === '/api/applications') return postApplication(req, seen, path);
  return Promise.reject(new ApiError(404, 'not_found', `No such endpoint: ${req.method} ${path}`));
}

/** What is sent: the answer with every header. */
interface Sent {
  status: number;
  body: string | Uint8Array;
  headers: Record<string, string>;
}

/** Does the work, then makes the answer's headers and writes the request's log line. */
async function handled(req: IncomingMessage, work: (seen: Seen) => Promise<Answer>): Promise<Sent> {
  const started = performance.now();
  const given = req.headers['x-request-id'];
  const reqId = requestIdOf(typeof given === 'string' ? given : undefined);
  const seen: Seen = { route: 'unmatched', user: null };
  let reply: Answer;
  let failure: unknown;
  try {
    reply = await work(seen);
  } catch (error) {
    if (!(error instanceof ApiError)) failure = error;
    reply = errorAnswer(error instanceof ApiError ? error : new ApiError(500, 'internal', 'Something went wrong on our side. Please try again.'));
  }
  // As the app's complete answers are made (http/complete-answer.ts): a spread object then
  // added to costs V8 microseconds, which a floor must not pay.
  const headers = apiSecurityHeaderObject();
  headers['x-request-id'] = reqId;
  for (const name in reply.headers) headers[name] = reply.headers[name]!;
  if (!('cache-control' in headers)) headers['cache-control'] = 'no-store';
  headers['content-length'] = String(typeof reply.body === 'string' ? Buffer.byteLength(reply.body) : reply.body.byteLength);
  writeRequestLine(ops.hooks, { reqId, method: req.method ?? 'GET', route: seen.route, status: reply.status, started }, seen.user, failure);
  return { status: reply.status, body: reply.body, headers };
}

/** The floor itself: node:http, routing by two regular expressions. */
function handle(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  void handled(req, (seen) => answer(req, seen, path)).then((sent) => res.writeHead(sent.status, sent.headers).end(sent.body));
}

/**
 * FLOOR_HTTP=hono: the same work behind bare Hono on @hono/node-server, the app's own framework
 * and adapter, with one route per endpoint and no middleware. App ÷ this is what the app adds
 * beyond its framework; this ÷ the floor is what the framework itself costs.
 */
function bareHono() {
  type Env = { Bindings: { incoming: IncomingMessage } };
  const send = (sent: Sent) => new Response(sent.body as string | Uint8Array<ArrayBuffer>, { status: sent.status, headers: sent.headers });
  const app = new Hono<Env>()
    .get('/api/policies/:id', async (c) => send(await handled(c.env.incoming, (seen) => getPolicy(c.env.incoming, seen, c.req.param('id')))))
    .post('/api/applications', async (c) => send(await handled(c.env.incoming, (seen) => postApplication(c.env.incoming, seen, c.req.path))));
  app.notFound(async (c) => send(await handled(c.env.incoming, () => Promise.reject(new ApiError(404, 'not_found', `No such endpoint: ${c.req.method} ${c.req.path}`)))));
  return getRequestListener(app.fetch);
}

const overload = readOverloadSettings(env);
const shedder = loadShedder(overload);
const listener = env.FLOOR_HTTP === 'hono' ? bareHono() : handle;
const server = createServer(serverTimeouts(overload), ops.listener(shedder.guard(listener)));
server.listen(Number(env.PORT ?? 0), env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => {
  shedder.stop();
  server.close(() => void views.flush().finally(() => process.exit(0)));
});
