/**
 * The app served with SSLCommerz configured to a local stand-in of the gateway: the stand-in
 * starts first, its address goes into the app's environment, and it stops after the file.
 */
import { afterAll, beforeAll } from 'vitest';
import { startSslcommerzStandIn, type SslcommerzStandIn } from '../../edge-api/test/support/sslcommerz-stand-in.ts';
import { useAppAndBrowser } from './app-server.ts';

export function useAppWithSslcommerz() {
  const env: Record<string, string> = {};
  let standIn: SslcommerzStandIn | undefined;
  beforeAll(async () => {
    standIn = await startSslcommerzStandIn();
    Object.assign(env, standIn.env);
  });
  afterAll(() => standIn?.close());
  const app = useAppAndBrowser({ env });
  return {
    app,
    /** The stand-in's own origin, where the payer is sent to pay. */
    gatewayOrigin: () => standIn!.url,
  };
}
