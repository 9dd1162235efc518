/** Password change: old, new, confirm; the rules of spec section 5 (the server checks them too). */
import { useState, type FormEvent } from 'react';
import { passwordChange } from 'edge-api/src/schemas/auth.ts';
import { showToast } from '../../components/toast.tsx';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { changePassword, type PasswordChange } from './profile-api.ts';
import { t, type MessageId } from '../../lib/i18n/runtime.ts';

type Field = keyof PasswordChange;
const empty: PasswordChange = { oldPassword: '', newPassword: '', confirmPassword: '' };
const labels: Record<Field, MessageId> = {
  oldPassword: 'password.current',
  newPassword: 'password.new',
  confirmPassword: 'password.confirm',
};
const autocomplete: Record<Field, string> = {
  oldPassword: 'current-password',
  newPassword: 'new-password',
  confirmPassword: 'new-password',
};

export function PasswordForm() {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const checked = passwordChange.safeParse(values);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await changePassword(values);
      setValues(empty);
      showToast('success', answer.message || t('password.updated'));
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.body?.fields : undefined;
      if (fields) setErrors(fields as Partial<Record<Field, string>>);
      setMessage(messageOf(error, t('password.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel profile__password" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="password-heading">
      <h2 id="password-heading">{t('password.heading')}</h2>
      {(Object.keys(labels) as Field[]).map((field) => (
        <div className="field" key={field}>
          <label htmlFor={`password-${field}`}>{t(labels[field])}</label>
          <input
            id={`password-${field}`}
            type="password"
            autoComplete={autocomplete[field]}
            value={values[field]}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? `password-${field}-error` : undefined}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
          />
          {errors[field] && <p className="field__error" id={`password-${field}-error`}>{errors[field]}</p>}
        </div>
      ))}
      {message && <p className="form-message form-message--error" role="alert">{message}</p>}
      <button type="submit" className="button" disabled={busy}>{busy ? t('password.updating') : t('password.update')}</button>
    </form>
  );
}
