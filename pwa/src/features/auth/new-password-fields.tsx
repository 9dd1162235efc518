/**
 * The new password, typed twice, for a reset by code or by link (issue 50), checked by the
 * server's own rule (edge-api/src/schemas/auth.ts passwordField) before anything is sent.
 */
import { passwordField } from 'edge-api/src/schemas/auth.ts';
import { fieldMessage } from '../../lib/i18n/field-messages.ts';
import { t } from '../../lib/i18n/runtime.ts';

export type NewPasswordErrors = { password?: string; confirm?: string };

export function checkNewPassword(password: string, confirm: string): NewPasswordErrors {
  const checked = passwordField.safeParse(password);
  if (!checked.success) return { password: fieldMessage(checked.error.issues[0]?.message ?? 'Password is required') };
  if (password !== confirm) return { confirm: fieldMessage('Passwords do not match.') };
  return {};
}

interface Props {
  id: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: NewPasswordErrors;
}

export function NewPasswordFields({ id, password, confirm, onPassword, onConfirm, errors }: Props) {
  const field = (key: 'password' | 'confirm', label: string, value: string, onChange: (value: string) => void) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type="password"
        autoComplete="new-password"
        value={value}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {errors[key] && <p className="field__error" id={`${id}-${key}-error`}>{errors[key]}</p>}
    </div>
  );
  return (
    <>
      {field('password', t('auth.newPassword'), password, onPassword)}
      {field('confirm', t('auth.confirmNewPassword'), confirm, onConfirm)}
    </>
  );
}
