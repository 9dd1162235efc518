/**
 * /verify/:code (public): what a certificate's QR code opens. It says whether the policy is
 * valid and in force, and its state (issue 49: in force, in grace, lapsed, matured, in My
 * Policies' words), with the holder's name masked by the server and nothing else personal: no
 * dues or amounts, which are the holder's business.
 */
import { Link, useParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError, answerOf, messageOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { formatDate } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { useRequest } from '../../lib/use-request.ts';
import { shownPolicyName } from '../../components/policy-text.ts';
import type { PolicyState } from 'edge-api/src/schemas/premium-schedule.ts';
import type { MessageId } from '../../lib/i18n/runtime.ts';

/** The same words as My Policies' (prem.state.*), from the public pages' catalogue. */
const stateWords: Record<PolicyState, MessageId> = {
  in_force: 'verify.state.inForce',
  in_grace: 'verify.state.inGrace',
  lapsed: 'verify.state.lapsed',
  matured: 'verify.state.matured',
};

async function verify(code: string, signal: AbortSignal) {
  return answerOf(await api.verify[':code'].$get({ param: { code } }, { init: { signal } }));
}

export function VerifyPage() {
  usePageTitle(t('verify.title'));
  const { code = '' } = useParams();
  const answer = useRequest((signal) => verify(code, signal), [code]);
  const notFound = answer.status === 'error' && answer.error instanceof ApiRequestError && answer.error.status === 404;
  return (
    <section className="page verify">
      <h1>{t('verify.heading')}</h1>
      {answer.status === 'ready' ? (
        <div className="panel" role="status">
          <p className={`badge ${answer.data.valid && answer.data.inForce ? 'badge--success' : 'badge--danger'}`}>
            {answer.data.valid ? (answer.data.inForce ? t('verify.validInForce') : t('verify.validNotInForce')) : t('verify.notValid')}
          </p>
          {answer.data.replacedBy && <p role="status">{t('verify.replaced', { date: formatDate(answer.data.replacedBy.versionAt) })}</p>}
          <dl className="verify__facts">
            <div><dt>{t('verify.policyNumber')}</dt><dd>{answer.data.policyNumber}</dd></div>
            <div><dt>{t('verify.policy')}</dt><dd>{shownPolicyName(answer.data)}</dd></div>
            <div><dt>{t('verify.holder')}</dt><dd>{answer.data.holder}</dd></div>
            {answer.data.state && <div data-testid="verify-state"><dt>{t('verify.stateLabel')}</dt><dd>{t(stateWords[answer.data.state])}</dd></div>}
            <div><dt>{t('verify.period')}</dt><dd>{answer.data.endsAt ? t('verify.from', { start: formatDate(answer.data.startsAt), end: formatDate(answer.data.endsAt) }) : formatDate(answer.data.startsAt)}</dd></div>
          </dl>
        </div>
      ) : notFound ? (
        <div className="state state--error" role="alert">
          <p>{t('verify.notFound')}</p>
          <Link to="/">{t('verify.home')}</Link>
        </div>
      ) : answer.status === 'error' ? (
        <ErrorState onRetry={answer.reload}>{messageOf(answer.error, t('verify.failed'))}</ErrorState>
      ) : (
        <LoadingState>{t('verify.checking')}</LoadingState>
      )}
    </section>
  );
}
