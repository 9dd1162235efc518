/**
 * The current admins (issue 29), each other admin with a way back to user or agent, after a
 * confirmation that names them. The server keeps the last admin and refuses one's own demotion;
 * its reason is shown as it comes.
 */
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { showToast } from '../../components/toast.tsx';
import { messageOf } from '../../lib/api-error.ts';
import { t } from '../../lib/i18n/runtime.ts';
import type { Request } from '../../lib/use-request.ts';
import { useSession } from '../../lib/use-session.ts';
import { demoteAdmin, type Person } from './make-admin-api.ts';

type Demotion = { person: Person; role: 'user' | 'agent' };

export function AdminsList({ admins }: { admins: Request<Person[]> }) {
  const { user } = useSession();
  const [demotion, setDemotion] = useState<Demotion | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    if (!demotion) return;
    setBusy(true);
    setFailure(null);
    try {
      await demoteAdmin(demotion.person.email, demotion.role);
      showToast('success', t(demotion.role === 'agent' ? 'makeAdmin.nowAgent' : 'makeAdmin.nowUser', { name: demotion.person.name }), demotion.person.email);
      admins.reload();
    } catch (error) {
      setFailure(messageOf(error, t('makeAdmin.demoteFailed')));
    } finally {
      setBusy(false);
      setDemotion(null);
    }
  }

  return (
    <section className="panel make-admin__admins" aria-labelledby="current-admins">
      <h2 id="current-admins">{t('makeAdmin.current')}</h2>
      {failure && <p className="form-message form-message--error" role="alert">{failure}</p>}
      {admins.status === 'loading' && <LoadingState>{t('makeAdmin.loadingAdmins')}</LoadingState>}
      {admins.status === 'error' && <ErrorState onRetry={admins.reload}>{messageOf(admins.error, t('makeAdmin.adminsFailed'))}</ErrorState>}
      {admins.status === 'ready' && (
        <ul className="make-admin__list">
          {admins.data.map((person) => {
            const self = person.email.toLowerCase() === user?.email.toLowerCase();
            return (
              <li key={person.id} className="make-admin__person">
                <span>
                  <strong>{person.name}</strong> <small className="data__detail">{person.email}</small>
                  {self && <small className="data__detail">{t('makeAdmin.you')}</small>}
                </span>
                {!self && (
                  <span className="row-actions">
                    <button type="button" className="button button--small button--secondary" aria-label={t('makeAdmin.toUserOf', { name: person.name })} onClick={() => setDemotion({ person, role: 'user' })}>
                      {t('makeAdmin.toUser')}
                    </button>
                    <button type="button" className="button button--small button--secondary" aria-label={t('makeAdmin.toAgentOf', { name: person.name })} onClick={() => setDemotion({ person, role: 'agent' })}>
                      {t('makeAdmin.toAgent')}
                    </button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={demotion !== null}
        busy={busy}
        onCancel={() => setDemotion(null)}
        onConfirm={() => void confirm()}
        confirmLabel={t(demotion?.role === 'agent' ? 'makeAdmin.confirmAgent' : 'makeAdmin.confirmUser')}
        busyLabel={t('makeAdmin.processing')}
      >
        {demotion && (
          <p>{t(demotion.role === 'agent' ? 'makeAdmin.askAgent' : 'makeAdmin.askUser', { name: demotion.person.name, email: demotion.person.email })}</p>
        )}
      </ConfirmDialog>
    </section>
  );
}
