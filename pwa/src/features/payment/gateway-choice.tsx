/**
 * bKash, Nagad or a local card through SSLCommerz, when the server has it configured (GET
 * /client-config says which): the server opens a session at its own price and the person is
 * sent to the gateway's page; they come back to this page with the outcome (routes/sslcommerz.ts),
 * in the page's language, which the session carries (issue 48).
 */
import { useState } from 'react';
import { answerOf, messageOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { currentLocale, t } from '../../lib/i18n/runtime.ts';
import { useRequest } from '../../lib/use-request.ts';
import type { SslcommerzSessionBody } from 'edge-api/src/schemas/payment-choice.ts';
import { formatMoney } from '../../lib/i18n/format.ts';

type Method = SslcommerzSessionBody['method'];

const methodNames: Record<Method, () => string> = {
  bkash: () => t('papers.method.bkash'),
  nagad: () => t('papers.method.nagad'),
  rocket: () => t('papers.method.rocket'),
  card: () => t('papers.method.card'),
};

async function offeredMethods(signal: AbortSignal): Promise<Method[]> {
  const config = await answerOf(await api['client-config'].$get({}, { init: { signal } }));
  return config.sslcommerz?.methods ?? [];
}

/** `dueIds`: a payment of those dues of a policy in force (issue 49), not the application fee. */
export function GatewayChoice({ applicationId, amount, online, dueIds }: { applicationId: string; amount: number; online: boolean; dueIds?: string[] }) {
  const methods = useRequest(offeredMethods, [], online);
  const [leaving, setLeaving] = useState<Method | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (methods.status !== 'ready' || methods.data.length === 0) return null;

  async function go(method: Method) {
    setLeaving(method);
    setProblem(null);
    try {
      const session = await answerOf(await api.sslcommerz.session.$post({ json: { applicationId, method, language: currentLocale(), ...(dueIds ? { dueIds } : {}) } }));
      window.location.assign(session.gatewayUrl);
    } catch (error) {
      setLeaving(null);
      setProblem(messageOf(error, t('pay.failed')));
    }
  }

  return (
    <div className="payment__gateway">
      <h2>{t('pay.chooseMethod')}</h2>
      <p>{t('pay.gatewayNote')}</p>
      <div className="payment__methods">
        {methods.data.map((method) => (
          <button key={method} type="button" className="button" disabled={!online || leaving !== null} onClick={() => void go(method)}>
            {t('pay.goToGateway', { amount: formatMoney(amount, { fractionDigits: 2 }), method: methodNames[method]() })}
          </button>
        ))}
      </div>
      {problem && <p className="form-message form-message--error" role="alert">{problem}</p>}
    </div>
  );
}
