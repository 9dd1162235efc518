/**
 * A local stand-in for the SSLCommerz sandbox, answering the requests the API makes through
 * the official `sslcommerz-lts` package (Node) and its fetch twin (Worker): the session API
 * (`/gwprocess/v4/api.php`, a multipart form), the validation API
 * (`/validator/api/validationserverAPI.php`) and the refund API
 * (`/validator/api/merchantTransIDvalidationAPI.php`), each checking the store's credentials.
 * Tests play the person and the gateway: `pay` makes a paid transaction and gives the IPN /
 * return fields, signed with `verify_sign` and `verify_key` as SSLCommerz documents them
 * (computed here with Node's own md5, not the API's code). `answerFor` bends a validation
 * answer (a wrong amount, INVALID_TRANSACTION, a risk flag); `hold` keeps one waiting.
 * For browser journeys it also serves the checkout page a person is sent to: Pay there sends
 * the IPN server to server and shows the "return to merchant" form the gateway posts back with.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const standInStoreId = 'insur0standin';
export const standInStorePassword = 'insur0standin@ssl';

export interface StandInSession {
  fields: Record<string, string>;
  sessionkey: string;
}

export interface StandInTransaction {
  tranId: string;
  valId: string;
  bankTranId: string;
  amount: string;
  currency: string;
  cardType: string;
}

export interface StandInRefund {
  bankTranId: string;
  refundAmount: string;
  referenceId: string;
  refundRefId: string;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** verify_sign over the fields named in verify_key plus md5(store password), sorted by name. */
export function signFields(fields: Record<string, string>, storePassword = standInStorePassword): Record<string, string> {
  const keys = Object.keys(fields).filter((k) => k !== 'verify_sign' && k !== 'verify_key');
  const signed: Record<string, string> = { store_passwd: md5(storePassword) };
  for (const key of keys) signed[key] = fields[key] as string;
  const text = Object.keys(signed)
    .sort()
    .map((key) => `${key}=${signed[key]}`)
    .join('&');
  return { ...fields, verify_key: keys.join(','), verify_sign: md5(text) };
}

const random = (length: number) => Array.from(crypto.getRandomValues(new Uint8Array(length)), (b) => (b % 36).toString(36)).join('').toUpperCase();

function send(res: ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export interface PayOptions {
  cardType?: string;
  storeId?: string;
  amount?: string;
}

export interface SslcommerzStandIn {
  env: Record<string, string>;
  url: string;
  sessions: Map<string, StandInSession>;
  transactions: Map<string, StandInTransaction>;
  refunds: StandInRefund[];
  /** Validation calls seen, by val_id. */
  validations: string[];
  /**
   * The person pays `tranId` on the gateway's page: the IPN's (and the return's) form fields, signed.
   * `amount` (taka, "7.00"): what was actually paid, when not what the session asked (a tampered checkout).
   */
  pay(tranId: string, options?: PayOptions): Record<string, string>;
  /** Changes what the validation API answers for one val_id. */
  answerFor(valId: string, changes: Record<string, string>): void;
  /** The validation answer for `valId` waits until the returned function is called. */
  hold(valId: string): () => void;
  close(): Promise<void>;
}

export async function startSslcommerzStandIn(): Promise<SslcommerzStandIn> {
  const sessions = new Map<string, StandInSession>();
  const transactions = new Map<string, StandInTransaction>();
  const byVal = new Map<string, StandInTransaction>();
  const changes = new Map<string, Record<string, string>>();
  const holds = new Map<string, Promise<void>>();
  const refunds: StandInRefund[] = [];
  const validations: string[] = [];
  let base = '';

  const credentialsOk = (params: URLSearchParams | Map<string, string>) =>
    params.get('store_id') === standInStoreId && params.get('store_passwd') === standInStorePassword;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const query = url.searchParams;

    if (url.pathname === '/gwprocess/v4/api.php') {
      // The package posts multipart (form-data); parse it as a browser's server would.
      const request = new Request(`http://stand-in${url.pathname}`, {
        method: 'POST',
        headers: { 'content-type': String(req.headers['content-type'] ?? '') },
        body: Buffer.concat(chunks),
      });
      const form = await request.formData();
      const fields: Record<string, string> = {};
      form.forEach((value, key) => {
        if (typeof value === 'string') fields[key] = value;
      });
      if (fields.store_id !== standInStoreId || fields.store_passwd !== standInStorePassword) {
        return send(res, { status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active' });
      }
      for (const required of ['tran_id', 'total_amount', 'currency', 'success_url', 'fail_url', 'cancel_url']) {
        if (!fields[required]) return send(res, { status: 'FAILED', failedreason: `Invalid Information: '${required}' is missing` });
      }
      const sessionkey = random(32);
      sessions.set(fields.tran_id as string, { fields, sessionkey });
      return send(res, {
        status: 'SUCCESS',
        failedreason: '',
        sessionkey,
        GatewayPageURL: `${base}/EasyCheckOut/testcde${sessionkey}`,
        redirectGatewayURL: `${base}/gwprocess/v4/bankgw/indexhtml.php?mamount=${fields.total_amount}&ssl_id=${sessionkey}`,
        storeBanner: '',
        storeLogo: '',
        desc: [],
      });
    }

    if (url.pathname === '/validator/api/validationserverAPI.php') {
      if (!credentialsOk(query)) return send(res, { status: 'INVALID_TRANSACTION', error: 'Store Credential Error' });
      const valId = query.get('val_id') ?? '';
      validations.push(valId);
      await holds.get(valId);
      const transaction = byVal.get(valId);
      if (!transaction) return send(res, { status: 'INVALID_TRANSACTION', APIConnect: 'DONE' });
      return send(res, {
        status: 'VALID',
        tran_date: new Date().toISOString().replace('T', ' ').slice(0, 19),
        tran_id: transaction.tranId,
        val_id: valId,
        amount: transaction.amount,
        store_amount: (Number(transaction.amount) * 0.975).toFixed(2),
        currency: 'BDT',
        bank_tran_id: transaction.bankTranId,
        card_type: transaction.cardType,
        card_no: '',
        card_issuer: transaction.cardType.split('-')[1] ?? '',
        card_brand: 'MOBILEBANKING',
        card_issuer_country: 'Bangladesh',
        card_issuer_country_code: 'BD',
        currency_type: transaction.currency,
        currency_amount: transaction.amount,
        currency_rate: '1.0000',
        base_fair: '0.00',
        value_a: sessions.get(transaction.tranId)?.fields.value_a ?? '',
        risk_title: 'Safe',
        risk_level: '0',
        APIConnect: 'DONE',
        validated_on: new Date().toISOString(),
        gw_version: '',
        ...changes.get(valId),
      });
    }

    if (url.pathname === '/validator/api/merchantTransIDvalidationAPI.php' && query.has('refund_amount')) {
      if (!credentialsOk(query)) return send(res, { APIConnect: 'INVALID_REQUEST', status: 'failed', errorReason: 'Store Credential Error' });
      const bankTranId = query.get('bank_tran_id') ?? '';
      const known = [...transactions.values()].find((t) => t.bankTranId === bankTranId);
      if (!known) return send(res, { APIConnect: 'DONE', status: 'failed', errorReason: 'Invalid bank_tran_id', bank_tran_id: bankTranId });
      const referenceId = query.get('refe_id') ?? '';
      const earlier = refunds.find((r) => r.bankTranId === bankTranId);
      // One refund per payment: asked again with the same reference, the first is reported.
      if (earlier && earlier.referenceId !== referenceId) {
        return send(res, { APIConnect: 'DONE', status: 'failed', errorReason: 'Already refunded', bank_tran_id: bankTranId });
      }
      const refund = earlier ?? { bankTranId, refundAmount: query.get('refund_amount') ?? '', referenceId, refundRefId: `RF${random(12)}` };
      if (!earlier) refunds.push(refund);
      return send(res, { APIConnect: 'DONE', bank_tran_id: bankTranId, trans_id: known.tranId, refund_ref_id: refund.refundRefId, status: 'success', errorReason: '' });
    }

    const checkout = /^\/EasyCheckOut\/testcde([A-Z0-9]+)(\/(pay|cancel))?$/.exec(url.pathname);
    const session = checkout ? [...sessions.values()].find((s) => s.sessionkey === checkout[1]) : undefined;
    if (checkout && session) {
      const tranId = session.fields.tran_id as string;
      if (!checkout[3]) {
        return page(res, `<h1>SSLCommerz stand-in</h1><p>Pay ${escape(session.fields.total_amount ?? '')} ${escape(session.fields.currency ?? '')} with ${escape(session.fields.multi_card_name ?? '')}</p>
          <form method="post" action="${url.pathname}/pay"><button>Pay now</button></form>
          <form method="post" action="${url.pathname}/cancel"><button>Cancel payment</button></form>`);
      }
      if (checkout[3] === 'cancel') {
        return page(res, returnForm(session.fields.cancel_url ?? '', { tran_id: tranId, status: 'CANCELLED' }, 'Return to merchant'));
      }
      const fields = payFor(tranId, {});
      // As the gateway does: the IPN server to server, then the person's way back.
      await fetch(session.fields.ipn_url ?? '', { method: 'POST', body: new URLSearchParams(fields) }).catch(() => undefined);
      return page(res, returnForm(session.fields.success_url ?? '', fields, 'Return to merchant'));
    }

    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  }

  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const returnForm = (action: string, fields: Record<string, string>, label: string) =>
    `<form method="post" action="${escape(action)}">${Object.entries(fields)
      .map(([key, value]) => `<input type="hidden" name="${escape(key)}" value="${escape(value)}">`)
      .join('')}<button>${label}</button></form>`;
  function page(res: ServerResponse, body: string) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>SSLCommerz stand-in</title><body>${body}</body></html>`);
  }

  function payFor(tranId: string, options: PayOptions): Record<string, string> {
    const session = sessions.get(tranId);
    if (!session) throw new Error(`The stand-in has no session ${tranId}`);
    const transaction: StandInTransaction = {
      tranId,
      valId: `${new Date().toISOString().slice(2, 10).replace(/-/g, '')}${random(12)}`,
      bankTranId: `BK${random(14)}`,
      amount: options.amount ?? session.fields.total_amount ?? '',
      currency: session.fields.currency ?? '',
      cardType: options.cardType ?? 'BKASH-BKash',
    };
    transactions.set(tranId, transaction);
    byVal.set(transaction.valId, transaction);
    return signFields({
      tran_id: tranId,
      val_id: transaction.valId,
      amount: transaction.amount,
      card_type: transaction.cardType,
      store_amount: (Number(transaction.amount) * 0.975).toFixed(2),
      card_no: '',
      bank_tran_id: transaction.bankTranId,
      status: 'VALID',
      tran_date: new Date().toISOString().replace('T', ' ').slice(0, 19),
      currency: 'BDT',
      card_issuer: 'BKash Mobile Banking',
      card_brand: 'MOBILEBANKING',
      card_issuer_country: 'Bangladesh',
      card_issuer_country_code: 'BD',
      store_id: options.storeId ?? standInStoreId,
      currency_type: transaction.currency,
      currency_amount: transaction.amount,
      currency_rate: '1.0000',
      base_fair: '0.00',
      value_a: session.fields.value_a ?? '',
      value_b: '',
      value_c: '',
      value_d: '',
      risk_level: '0',
      risk_title: 'Safe',
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    env: { SSLCOMMERZ_STORE_ID: standInStoreId, SSLCOMMERZ_STORE_PASSWORD: standInStorePassword, SSLCOMMERZ_API_URL: base },
    url: base,
    sessions,
    transactions,
    refunds,
    validations,
    pay(tranId, options = {}) {
      return payFor(tranId, options);
    },
    answerFor(valId, bent) {
      changes.set(valId, bent);
    },
    hold(valId) {
      let release = () => {};
      holds.set(valId, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        holds.delete(valId);
        release();
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * The two posts that come back from the gateway to the API: the IPN, server to server, and the
 * person's browser returning from the checkout (a cross-site form post from the gateway's page).
 */
export function gatewayPosts(api: { fetch(path: string, init?: RequestInit): Promise<Response> }, gateway: { url: string }) {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  return {
    ipn: (fields: Record<string, string>) =>
      api.fetch('/api/sslcommerz/ipn', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form(fields) }),
    returnTo: (outcome: 'success' | 'fail' | 'cancel', fields: Record<string, string>) =>
      api.fetch(`/api/sslcommerz/return/${outcome}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site', origin: gateway.url },
        body: form(fields),
      }),
  };
}
