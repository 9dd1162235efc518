/**
 * Paying the dues chosen by bKash, Nagad or Rocket through SSLCommerz (issue 49), next to the
 * card (or demo) way, when GET /client-config says the gateway is configured. The server opens
 * a session at its own sum of those dues and the person is sent to the gateway's page; they come
 * back to this premiums page, in the page's language, with the outcome (routes/sslcommerz.ts).
 */
import { useState } from 'react';
import type { SslcommerzSessionBody } from 'edge-api/src/schemas/payment-choice.ts';
import { answerOf, ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { formatMoney } from '../../lib/i18n/format.ts';
import { currentLocale, t } from '../../lib/i18n/runtime.ts';
import { useRequest } from '../../lib/use-request.ts';

type Method = SslcommerzSessionBody['method'];

/** The mobile wallets, in the order people know them; cards go through the payment page. */
const wallets = {
  bkash: () => t('papers.method.bkash'),
  nagad: () => t('papers.method.nagad'),
  rocket: () => t('papers.method.rocket'),
} as const satisfies Partial<Record<Method, () => string>>;
type Wallet = keyof typeof wallets;
const isWallet = (method: Method): method is Wallet => method in wallets;

async function offeredWallets(signal: AbortSignal): Promise<Wallet[]> {
  const config = await answerOf(await api['client-config'].$get({}, { init: { signal } }));
  return (config.sslcommerz?.methods ?? []).filter(isWallet);
}

export function WalletChoice({
  applicationId,
  dueIds,
  amountMinor,
  online,
  onSuggested,
}: {
  applicationId: string;
  dueIds: string[];
  amountMinor: number;
  online: boolean;
  /** The server found the dues under the minimum charge: the count of dues (from the first offered) that reach it. */
  onSuggested: (count: number) => void;
}) {
  const offered = useRequest(offeredWallets, [], online);
  const [leaving, setLeaving] = useState<Wallet | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (offered.status !== 'ready' || offered.data.length === 0) return null;

  async function go(method: Wallet) {
    setLeaving(method);
    setProblem(null);
    try {
      const session = await answerOf(await api.sslcommerz.session.$post({ json: { applicationId, method, language: currentLocale(), dueIds } }));
      window.location.assign(session.gatewayUrl);
    } catch (error) {
      setLeaving(null);
      const details = error instanceof ApiRequestError ? (error.body?.details as { suggestedDueIds?: string[]; minimumMinor?: number } | undefined) : undefined;
      if (details?.suggestedDueIds?.length) {
        setProblem(t('prem.belowMinimum', { minimum: formatMoney(details.minimumMinor ?? 1000, { fractionDigits: 2 }) }));
        onSuggested(details.suggestedDueIds.length);
      } else {
        setProblem(messageOf(error, t('pay.failed')));
      }
    }
  }

  return (
    <div className="premiums__wallets">
      <p className="premiums__hint">{t('prem.walletNote')}</p>
      <div className="premiums__wallet-buttons">
        {offered.data.map((method) => (
          <button key={method} type="button" className="button button--secondary" disabled={!online || leaving !== null} onClick={() => void go(method)}>
            {t('pay.goToGateway', { amount: formatMoney(amountMinor, { fractionDigits: 2 }), method: wallets[method]() })}
          </button>
        ))}
      </div>
      {leaving && <p role="status">{t('prem.toGateway')}</p>}
      {problem && <p className="form-message form-message--error" role="alert">{problem}</p>}
    </div>
  );
}
