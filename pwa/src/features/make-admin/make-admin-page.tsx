/** Make Admin (admin, spec section 2): promote a user to admin by email. The server records who did it. */
import { useState, type FormEvent } from 'react';
import { makeAdminBody } from 'edge-api/src/schemas/auth.ts';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { answerOf, messageOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { fieldMessage } from '../../lib/i18n/field-messages.ts';

async function makeAdmin(email: string): Promise<{ message?: string }> {
  const res = await api['make-admin'].$put({ json: { email } });
  return answerOf(res);
}

export function MakeAdminPage() {
  usePageTitle(t('title.makeAdmin'));
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

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
      const answer = await makeAdmin(checked.data.email);
      const text = answer.message || t('makeAdmin.done');
      setResult({ ok: true, text });
      showToast('success', text, checked.data.email);
      setEmail('');
    } catch (error) {
      setResult({ ok: false, text: messageOf(error, t('makeAdmin.failed')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section>
      <h1>{t('makeAdmin.heading')}</h1>
      <form className="panel make-admin" noValidate onSubmit={(event) => void submit(event)} style={{ maxWidth: 480 }}>
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
    </section>
  );
}
