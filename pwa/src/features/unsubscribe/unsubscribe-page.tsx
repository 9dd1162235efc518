/**
 * /unsubscribe/:token (issue 29): the newsletter's unsubscribe link, for anyone who has it,
 * signed in or not. Opening the link only shows whose subscription it is; the button
 * unsubscribes (so a mail scanner that opens links unsubscribes nobody). A used link and an
 * unknown one each say so.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { answerOf, isNotFound, messageOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { useRequest } from '../../lib/use-request.ts';

const validToken = /^[A-Za-z0-9_-]{43}$/;

export function UnsubscribePage() {
  usePageTitle(t('unsubscribe.title'));
  const { token = '' } = useParams();
  const wellFormed = validToken.test(token);
  const state = useRequest(
    async (signal) => answerOf(await api.unsubscribe[':token'].$get({ param: { token } }, { init: { signal } })),
    [token],
    wellFormed,
  );
  const [outcome, setOutcome] = useState<'done' | 'already' | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function unsubscribe() {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await answerOf(await api.unsubscribe[':token'].$post({ param: { token } }));
      setOutcome(answer.already ? 'already' : 'done');
    } catch (error) {
      setFailure(messageOf(error, t('unsubscribe.failed')));
    } finally {
      setBusy(false);
    }
  }

  const unknown = !wellFormed || (state.status === 'error' && isNotFound(state.error));
  return (
    <section className="container unsubscribe">
      <h1>{t('unsubscribe.heading')}</h1>
      {unknown ? (
        <p className="form-message form-message--error" role="alert">{t('unsubscribe.unknown')}</p>
      ) : state.status === 'error' ? (
        <ErrorState onRetry={state.reload}>{messageOf(state.error, t('unsubscribe.failed'))}</ErrorState>
      ) : state.status !== 'ready' ? (
        <LoadingState>{t('unsubscribe.loading')}</LoadingState>
      ) : outcome === 'done' ? (
        <p className="form-message form-message--success" role="status">{t('unsubscribe.done', { email: state.data.email })}</p>
      ) : outcome === 'already' || state.data.unsubscribed ? (
        <p className="form-message form-message--success" role="status">{t('unsubscribe.already', { email: state.data.email })}</p>
      ) : (
        <>
          <p>{t('unsubscribe.confirm', { email: state.data.email })}</p>
          <button type="button" className="button" disabled={busy} onClick={() => void unsubscribe()}>
            {busy ? t('unsubscribe.working') : t('unsubscribe.button')}
          </button>
          {failure && <p className="form-message form-message--error" role="alert">{failure}</p>}
        </>
      )}
      <p><Link to="/">{t('unsubscribe.home')}</Link></p>
    </section>
  );
}
