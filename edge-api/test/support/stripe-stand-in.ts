/**
 * A local stand-in for the part of Stripe's API the server uses: PaymentIntents create
 * (form-encoded, with Idempotency-Key replays) and retrieve, and Refunds create (a whole
 * refund of a succeeded intent, once per intent, as Stripe refuses a second). The real stripe SDK in the API
 * under test is pointed at it through STRIPE_API_HOST/PORT/PROTOCOL, on Node and on workerd
 * alike. Tests play the customer's side by marking an intent succeeded here, and read what
 * the server asked for in `requests`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const standInSecretKey = 'sk_test_stand_in_0123456789';
export const standInPublishableKey = 'pk_test_stand_in_0123456789';
export const standInWebhookSecret = 'whsec_stand_in_0123456789abcdef';

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  description: string | null;
  allowed_payment_method_types: string[];
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body decoded into nested objects, as Stripe reads it. */
  params: Record<string, unknown>;
  idempotencyKey: string | null;
}

export interface StripeStandIn {
  /** Environment for startApi: the API's Stripe SDK talks to this server. */
  env: Record<string, string>;
  requests: RecordedRequest[];
  intents: Map<string, StandInIntent>;
  /** Refunds made, by payment intent id. */
  refunds: Map<string, StandInRefund>;
  /** An intent made directly, as if by another integration or with other terms. */
  addIntent(fields: Partial<StandInIntent> & Pick<StandInIntent, 'amount' | 'currency' | 'metadata'>): StandInIntent;
  /** What confirming the card in Stripe Elements would do. */
  setStatus(id: string, status: string): StandInIntent;
  /** A `payment_intent.succeeded` (or other) event body, pretty-printed as Stripe sends it. */
  eventPayload(intent: StandInIntent, type?: string): string;
  /** The Stripe-Signature header, made by the SDK's own test helper. */
  signature(payload: string, options?: { timestamp?: number; secret?: string }): string;
  close(): Promise<void>;
}

const random = (length: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(length)), (b) => (b % 36).toString(36)).join('');

/** `metadata[applicationId]=x&allowed_payment_method_types[0]=card` -> nested objects. */
function decodeForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
      } else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return result;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${random(14)}`, ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

const stripeError = (type: string, message: string, code?: string) => ({ error: { type, message, code } });

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, StandInIntent>();
  const refunds = new Map<string, StandInRefund>();
  /** Idempotency-Key -> the first response body, replayed verbatim like Stripe does. */
  const replays = new Map<string, string>();

  function addIntent(fields: Partial<StandInIntent> & Pick<StandInIntent, 'amount' | 'currency' | 'metadata'>) {
    const id = fields.id ?? `pi_${random(24)}`;
    const intent: StandInIntent = {
      object: 'payment_intent',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${random(24)}`,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      description: null,
      allowed_payment_method_types: ['card'],
      ...fields,
      id,
    };
    intents.set(id, intent);
    return intent;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const params = decodeForm(body);
    requests.push({ method: req.method ?? '', path, params, idempotencyKey });

    if (req.headers.authorization !== `Bearer ${standInSecretKey}`) {
      return send(res, 401, stripeError('invalid_request_error', 'Invalid API Key provided'));
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      if (idempotencyKey && replays.has(idempotencyKey)) {
        return send(res, 200, replays.get(idempotencyKey) ?? '', { 'idempotent-replayed': 'true' });
      }
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 1 || typeof params.currency !== 'string') {
        return send(res, 400, stripeError('invalid_request_error', 'Missing required param: amount.', 'parameter_missing'));
      }
      const intent = addIntent({
        amount,
        currency: params.currency,
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
        description: typeof params.description === 'string' ? params.description : null,
      });
      const json = JSON.stringify(intent);
      if (idempotencyKey) replays.set(idempotencyKey, json);
      return send(res, 200, json);
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      if (idempotencyKey && replays.has(idempotencyKey)) {
        return send(res, 200, replays.get(idempotencyKey) ?? '', { 'idempotent-replayed': 'true' });
      }
      const intent = intents.get(String(params.payment_intent ?? ''));
      if (!intent) return send(res, 404, stripeError('invalid_request_error', 'No such payment_intent', 'resource_missing'));
      if (intent.status !== 'succeeded') {
        return send(res, 400, stripeError('invalid_request_error', 'This PaymentIntent does not have a successful charge to refund.', 'charge_not_refundable'));
      }
      if (refunds.has(intent.id)) {
        return send(res, 400, stripeError('invalid_request_error', 'Charge has already been refunded.', 'charge_already_refunded'));
      }
      const refund: StandInRefund = {
        id: `re_${random(24)}`,
        object: 'refund',
        amount: intent.amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        created: Math.floor(Date.now() / 1000),
      };
      refunds.set(intent.id, refund);
      const json = JSON.stringify(refund);
      if (idempotencyKey) replays.set(idempotencyKey, json);
      return send(res, 200, json);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && match?.[1]) {
      const intent = intents.get(decodeURIComponent(match[1]));
      if (!intent) {
        return send(res, 404, stripeError('invalid_request_error', `No such payment_intent: '${match[1]}'`, 'resource_missing'));
      }
      return send(res, 200, intent);
    }
    return send(res, 404, stripeError('invalid_request_error', `Unrecognized request URL (${req.method}: ${path})`));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, stripeError('api_error', String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const sdk = new Stripe(standInSecretKey);

  return {
    env: {
      STRIPE_SECRET_KEY: standInSecretKey,
      STRIPE_PUBLISHABLE_KEY: standInPublishableKey,
      STRIPE_WEBHOOK_SECRET: standInWebhookSecret,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    },
    requests,
    intents,
    refunds,
    addIntent,
    setStatus(id, status) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`The stand-in has no intent ${id}`);
      intent.status = status;
      return intent;
    },
    eventPayload(intent, type = 'payment_intent.succeeded') {
      const event = {
        id: `evt_${random(24)}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: intent },
      };
      return JSON.stringify(event, null, 2);
    },
    signature(payload, options = {}) {
      return sdk.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? standInWebhookSecret,
        timestamp: options.timestamp,
      });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
