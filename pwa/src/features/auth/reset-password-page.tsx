/**
 * /reset-password?token=… and /bn/reset-password?token=… (issue 50): the page an emailed reset
 * link opens. The new password, twice; the server takes the token once. A link without a token,
 * or one spent or expired, says so and offers a new one.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorState } from '../../components/states.tsx';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { fieldMessage } from '../../lib/i18n/field-messages.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { ApiRequestError } from '../../lib/api-error.ts';
import { refusalText } from '../../lib/code-refusals.ts';
import { ResetDone } from './forgot-password-page.tsx';
import { checkNewPassword, NewPasswordFields, type NewPasswordErrors } from './new-password-fields.tsx';
import { resetPassword } from './phone-auth-api.ts';
import './auth.css';

export function ResetPasswordPage() {
  usePageTitle(t('title.resetPassword'));
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [failure, setFailure] = useState<{ text: string; linkDead: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = checkNewPassword(password, confirm);
    setErrors(found);
    const first = (['password', 'confirm'] as const).find((field) => found[field]);
    if (first) return document.getElementById(`${id}-${first}`)?.focus();
    setSaving(true);
    try {
      await resetPassword({ token, password });
      setDone(true);
      showToast('success', t('auth.passwordReset'));
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.body?.fields : undefined;
      if (fields?.password) {
        setErrors({ password: fieldMessage(fields.password) });
        document.getElementById(`${id}-password`)?.focus();
      } else if (fields?.token) {
        // Spent, expired, or never ours: the server says which only as "does not work".
        setFailure({ text: t('auth.resetLinkDead'), linkDead: true });
      } else {
        setFailure({ text: refusalText(error), linkDead: false });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="container auth">
      <div className="auth__panel">
        <h1>{t('auth.resetHeading')}</h1>
        {!token ? (
          <ErrorState>
            {t('auth.resetNoToken')} <Link to="/forgot-password">{t('auth.askNewLink')}</Link>
          </ErrorState>
        ) : done ? (
          <ResetDone />
        ) : (
          <form noValidate aria-busy={saving} onSubmit={(event) => void submit(event)}>
            <p>{t('auth.resetIntro')}</p>
            <NewPasswordFields id={id} password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} errors={errors} />
            {failure && (
              <div className="form-message form-message--error" role="alert">
                {failure.text} {failure.linkDead && <Link to="/forgot-password">{t('auth.askNewLink')}</Link>}
              </div>
            )}
            <button type="submit" className="button auth__submit" disabled={saving}>
              {saving ? t('auth.savingPassword') : t('auth.setNewPassword')}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
