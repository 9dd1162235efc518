/**
 * Make Admin (admin, spec section 2; issue 29): promote a user to admin by email after a
 * confirmation that names them, and see the current admins with a way back for each other one.
 * The server records every change.
 */
import { useState, type FormEvent } from 'react';
import { makeAdminBody } from 'edge-api/src/schemas/auth.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { fieldMessage } from '../../lib/i18n/field-messages.ts';
import { useRequest } from '../../lib/use-request.ts';
import { AdminsList } from './admins-list.tsx';
import { findPerson, listAdmins, makeAdmin, type Person } from './make-admin-api.ts';
import './make-admin.css';

export function MakeAdminPage() {
  usePageTitle(t('title.makeAdmin'));
  const admins = useRequest((signal) => listAdmins(signal), []);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<Person | null>(null);

  /** First who it is: the confirmation names the person, not only an address. */
  async function submit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const checked = makeAdminBody.safeParse({ email });
    if (!checked.success) {
      setFieldError(fieldMessage(checked.error.issues[0]?.message ?? 'Email is required'));
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const person = await findPerson(checked.data.email);
      if (person.role === 'admin') setResult({ ok: false, text: t('makeAdmin.already', { name: person.name }) });
      else setConfirming(person);
    } catch (error) {
      setResult({ ok: false, text: error instanceof ApiRequestError && error.status === 404 ? t('makeAdmin.noAccount') : messageOf(error, t('makeAdmin.failed')) });
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!confirming) return;
    setBusy(true);
    try {
      await makeAdmin(confirming.email);
      const text = t('makeAdmin.nowAdmin', { name: confirming.name });
      setResult({ ok: true, text });
      showToast('success', t('makeAdmin.done'), `${text} (${confirming.email})`);
      setEmail('');
      admins.reload();
    } catch (error) {
      setResult({ ok: false, text: messageOf(error, t('makeAdmin.failed')) });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  return (
    <section className="make-admin">
      <h1>{t('makeAdmin.heading')}</h1>
      <form className="panel make-admin__form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor="make-admin-email">{t('makeAdmin.email')}</label>
          <input
            id="make-admin-email"
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'make-admin-email-error' : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          {fieldError && <p className="field__error" id="make-admin-email-error">{fieldError}</p>}
        </div>
        {result && (
          <p className={`form-message form-message--${result.ok ? 'success' : 'error'}`} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>{busy ? t('makeAdmin.processing') : t('makeAdmin.submit')}</button>
      </form>
      <AdminsList admins={admins} />
      <ConfirmDialog
        open={confirming !== null}
        busy={busy}
        danger={false}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirm()}
        confirmLabel={t('makeAdmin.confirmAdmin')}
        busyLabel={t('makeAdmin.processing')}
      >
        {confirming && <p>{t('makeAdmin.askAdmin', { name: confirming.name, email: confirming.email })}</p>}
      </ConfirmDialog>
    </section>
  );
}
