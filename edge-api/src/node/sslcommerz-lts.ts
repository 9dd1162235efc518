/**
 * Node's SSLCommerz client: the official `sslcommerz-lts` package (it needs Node's form-data
 * and node-fetch, so it lives here and is injected). Each of its calls takes the full URL to
 * call, which is how the configured address (the sandbox, the live gateway, a test stand-in)
 * reaches it. The package answers errors with the error object rather than throwing: thrown here.
 */
import SSLCommerzPayment from 'sslcommerz-lts';
import type { SslcommerzSettings } from '../http/config.ts';
import { sslcommerzEndpoints, type RefundAnswer, type SessionAnswer, type SslcommerzGateway, type ValidationAnswer } from '../payments/sslcommerz-gateway.ts';

function answer<T>(value: unknown): T {
  if (value instanceof Error) throw value;
  if (!value || typeof value !== 'object') throw new Error('SSLCommerz gave no answer');
  return value as T;
}

export function ltsSslcommerzGateway(settings: SslcommerzSettings): SslcommerzGateway {
  const client = new SSLCommerzPayment(settings.storeId, settings.storePassword, settings.live);
  const endpoints = sslcommerzEndpoints(settings);
  return {
    async openSession(fields) {
      return answer<SessionAnswer>(await client.init({ ...fields }, endpoints.session));
    },
    async validate(valId) {
      return answer<ValidationAnswer>(await client.validate({ val_id: valId }, endpoints.validation(valId)));
    },
    async refund(request) {
      return answer<RefundAnswer>(
        await client.initiateRefund(
          { refund_amount: request.refundAmount, refund_remarks: request.remarks, bank_tran_id: request.bankTranId, refe_id: request.referenceId },
          endpoints.refund(request),
        ),
      );
    },
  };
}
