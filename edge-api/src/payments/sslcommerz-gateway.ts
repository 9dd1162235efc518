/**
 * The three calls we make to SSLCommerz (session, validation, refund) behind one small
 * interface. On Node the official `sslcommerz-lts` package makes them (node/sslcommerz-lts.ts:
 * it needs Node's `form-data` and `node-fetch`); on the Worker this fetch client calls the same
 * documented endpoints with the same parameters. Both take the gateway's address from
 * configuration, so tests point either at a local stand-in of the sandbox.
 */
import type { SslcommerzSettings } from '../http/config.ts';

/** The fields of a session request, as SSLCommerz names them (all strings on the wire). */
export type SessionFields = Record<string, string>;

/** The session API's answer: SUCCESS with the page to send the person to, or FAILED with a reason. */
export interface SessionAnswer {
  status?: string;
  failedreason?: string;
  sessionkey?: string;
  GatewayPageURL?: string;
}

/** The validation API's answer (validationserverAPI.php, format=json). */
export interface ValidationAnswer {
  status?: string;
  tran_id?: string;
  val_id?: string;
  amount?: string;
  currency?: string;
  /** The currency and amount the session asked for (the gateway may settle in another). */
  currency_type?: string;
  currency_amount?: string;
  store_id?: string;
  bank_tran_id?: string;
  card_type?: string;
  card_issuer?: string;
  risk_level?: string;
  risk_title?: string;
  APIConnect?: string;
}

/** The refund API's answer (merchantTransIDvalidationAPI.php with refund_amount). */
export interface RefundAnswer {
  APIConnect?: string;
  status?: string;
  refund_ref_id?: string;
  errorReason?: string;
  bank_tran_id?: string;
}

export interface RefundRequest {
  bankTranId: string;
  /** Taka, with two decimals, as the API takes it. */
  refundAmount: string;
  remarks: string;
  /** Our own reference: the same one asked twice refunds once. */
  referenceId: string;
}

export interface SslcommerzGateway {
  openSession(fields: SessionFields): Promise<SessionAnswer>;
  validate(valId: string): Promise<ValidationAnswer>;
  refund(request: RefundRequest): Promise<RefundAnswer>;
}

/** The documented endpoints, under the configured address (the sandbox, the live one, a stand-in). */
export function sslcommerzEndpoints(settings: SslcommerzSettings) {
  const credentials = `store_id=${encodeURIComponent(settings.storeId)}&store_passwd=${encodeURIComponent(settings.storePassword)}&v=1&format=json`;
  return {
    session: `${settings.apiUrl}/gwprocess/v4/api.php`,
    validation: (valId: string) =>
      `${settings.apiUrl}/validator/api/validationserverAPI.php?val_id=${encodeURIComponent(valId)}&${credentials}`,
    refund: (r: RefundRequest) =>
      `${settings.apiUrl}/validator/api/merchantTransIDvalidationAPI.php?refund_amount=${encodeURIComponent(r.refundAmount)}` +
      `&refund_remarks=${encodeURIComponent(r.remarks)}&bank_tran_id=${encodeURIComponent(r.bankTranId)}` +
      `&refe_id=${encodeURIComponent(r.referenceId)}&${credentials}`,
  };
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`SSLCommerz answered ${response.status}`);
  return (await response.json()) as T;
}

/** The Worker's client: the same requests as the official package, made with fetch. */
export function fetchSslcommerzGateway(settings: SslcommerzSettings, fetcher: typeof fetch = fetch): SslcommerzGateway {
  const endpoints = sslcommerzEndpoints(settings);
  return {
    async openSession(fields) {
      const body = new FormData();
      for (const [key, value] of Object.entries({ ...fields, store_id: settings.storeId, store_passwd: settings.storePassword })) {
        body.append(key, value);
      }
      return json<SessionAnswer>(await fetcher(endpoints.session, { method: 'POST', body }));
    },
    async validate(valId) {
      return json<ValidationAnswer>(await fetcher(endpoints.validation(valId)));
    },
    async refund(request) {
      return json<RefundAnswer>(await fetcher(endpoints.refund(request)));
    },
  };
}
