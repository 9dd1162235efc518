/**
 * A local stand-in for BulkSMSBD's HTTP API (bulksmsbd.net/api/smsapi), answering as its
 * documentation says: api_key, senderid, number (8801XXXXXXXXX), message (form POST or query),
 * JSON with `response_code` 202 when taken, its 10xx codes otherwise. The API's real provider
 * (sms/bulksmsbd.ts) talks to it on both runtimes. Tests read what was "delivered" with
 * `messagesTo` / `waitForCode`, and bend the next answers with `failNext`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';

export const standInApiKey = 'standin-bulksmsbd-key';
export const standInSenderId = '8809617600000';

export interface DeliveredSms {
  number: string;
  message: string;
  at: number;
}

export interface SmsStandIn {
  url: string;
  env: Record<string, string>;
  delivered: DeliveredSms[];
  /** Every request, taken or refused. */
  requests: number;
  /** The `number` of every request, taken or refused, in order. */
  numbersAsked: string[];
  /** Every answer waits this long first (a slow gateway: an answer that waited for it would show). */
  delayMs: number;
  /** The next `count` requests fail: with an HTTP 500, or with a BulkSMSBD code (1005: its internal error). */
  failNext(count: number, how?: 500 | number): void;
  messagesTo(phone: string): DeliveredSms[];
  /** The newest 6-digit code sent to `phone` after `since` messages to it, once it arrives. */
  waitForCode(phone: string, since?: number): Promise<string>;
  close(): Promise<void>;
}

/** +8801712345678 or 8801712345678 → 8801712345678, as the gateway gets it. */
const gatewayNumber = (phone: string) => phone.replace(/^\+/, '');
export const codeIn = (message: string) => /\b(\d{6})\b/.exec(message)?.[1];

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const query = new URL(req.url ?? '/', 'http://stand-in').searchParams;
  const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  for (const [key, value] of query) if (!body.has(key)) body.set(key, value);
  return body;
}

export async function startSmsStandIn(): Promise<SmsStandIn> {
  const delivered: DeliveredSms[] = [];
  const numbersAsked: string[] = [];
  const failures: (500 | number)[] = [];
  let requests = 0;
  let messageId = 1000;
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const state = { delayMs: 0 };
  const server = createServer((req, res) => {
    void readForm(req).then(async (form) => {
      if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      requests++;
      numbersAsked.push(form.get('number') ?? '');
      if (new URL(req.url ?? '/', 'http://x').pathname !== '/api/smsapi') return answer(res, 404, { error: 'not found' });
      const failure = failures.shift();
      if (failure === 500) return answer(res, 500, { error: 'internal' });
      if (failure !== undefined) return answer(res, 200, { response_code: failure, error_message: 'Internal Error' });
      const [apiKey, senderId, number, message] = ['api_key', 'senderid', 'number', 'message'].map((k) => form.get(k) ?? '');
      if (!apiKey || !senderId || !number || !message) return answer(res, 200, { response_code: 1003, error_message: 'Please Required all fields' });
      if (apiKey !== standInApiKey) return answer(res, 200, { response_code: 1011, error_message: 'User Id not found' });
      if (senderId !== standInSenderId) return answer(res, 200, { response_code: 1002, error_message: 'Sender Id/Masking Not Found' });
      if (!/^8801[3-9]\d{8}$/.test(number)) return answer(res, 200, { response_code: 1001, error_message: 'Invalid Number' });
      delivered.push({ number, message, at: Date.now() });
      answer(res, 200, { response_code: 202, message_id: ++messageId, success_message: 'SMS Submitted Successfully', error_message: '' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const messagesTo = (phone: string) => delivered.filter((sms) => sms.number === gatewayNumber(phone));
  return {
    url,
    env: { BULKSMSBD_API_KEY: standInApiKey, BULKSMSBD_SENDER_ID: standInSenderId, BULKSMSBD_API_URL: `${url}/api/smsapi` },
    delivered,
    numbersAsked,
    get requests() {
      return requests;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    failNext(count, how = 1005) {
      for (let i = 0; i < count; i++) failures.push(how);
    },
    messagesTo,
    async waitForCode(phone, since = 0) {
      let code: string | undefined;
      await expect.poll(() => (code = codeIn(messagesTo(phone).slice(since).at(-1)?.message ?? '')), { timeout: 15_000 }).toMatch(/^\d{6}$/);
      return code!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
