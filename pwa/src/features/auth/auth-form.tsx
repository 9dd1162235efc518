/**
 * What /login and /register share: per-field messages tied to their inputs (aria-invalid,
 * aria-describedby, focus on the first wrong field), the email and password fields, the way
 * back after signing in, and the "or Google" part below the form.
 */
import { useId, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { showToast } from '../../components/toast.tsx';
import type { SessionUser } from '../../lib/session.ts';
import { GoogleSignIn } from './google-sign-in.tsx';
import { returnTargetOf } from './return-path.ts';
import { t } from '../../lib/i18n/runtime.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string | undefined>>;

export function useFieldErrors<F extends string>() {
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  /** Shows `found`; true (after focusing the first wrong field, in `order`) when there is any. */
  function showErrors(found: FieldErrors<F>, order: readonly F[]): boolean {
    setErrors(found);
    const first = order.find((f) => found[f]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
    return first !== undefined;
  }

  const fieldProps = (field: F) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });
  const fieldError = (field: F) =>
    errors[field] ? <p className="field__error" id={`${id}-${field}-error`}>{errors[field]}</p> : null;

  return { id, errors, setErrors, showErrors, fieldProps, fieldError };
}

type FieldHelpers = Pick<ReturnType<typeof useFieldErrors<'email' | 'password'>>, 'id' | 'fieldProps' | 'fieldError'>;

interface CredentialFieldsProps {
  form: FieldHelpers;
  email: string;
  onEmail: (value: string) => void;
  password: string;
  onPassword: (value: string) => void;
  passwordAutoComplete: 'current-password' | 'new-password';
}

export function CredentialFields({ form, email, onEmail, password, onPassword, passwordAutoComplete }: CredentialFieldsProps) {
  const { id, fieldProps, fieldError } = form;
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('auth.email')}</label>
        <input {...fieldProps('email')} type="email" autoComplete="email" value={email} onChange={(e) => onEmail(e.target.value)} />
        {fieldError('email')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>{t('auth.password')}</label>
        <input
          {...fieldProps('password')}
          type="password"
          autoComplete={passwordAutoComplete}
          value={password}
          onChange={(e) => onPassword(e.target.value)}
        />
        {fieldError('password')}
      </div>
    </>
  );
}

/**
 * Greets the signed-in user and goes back to where they came from (router state `from`), else /.
 * A new account with nowhere to go back to lands on its dashboard, welcomed with the next step
 * (issue 48: features/dashboard/sign-up-welcome.tsx).
 */
export function useReturnAfterSignIn() {
  const location = useLocation();
  const navigate = useNavigate();
  return (user: SessionUser, title: string, greeting: string, options: { newAccount?: boolean } = {}) => {
    showToast('success', title, `${greeting}, ${user.name}!`, 1500);
    const back = returnTargetOf(location.state);
    if (options.newAccount && back.to === '/' && back.state === undefined) {
      navigate('/dashboard', { replace: true, state: { welcome: true } });
      return;
    }
    navigate(back.to, { replace: true, state: back.state });
  };
}

interface OtherWaysProps {
  googleText: 'signin_with' | 'signup_with';
  onGoogleCredential: (idToken: string) => void;
  /** The line linking to the other auth page. */
  children: ReactNode;
}

export function OtherWaysIn({ googleText, onGoogleCredential, children }: OtherWaysProps) {
  return (
    <>
      <p className="auth__or"><span>{t('auth.or')}</span></p>
      <GoogleSignIn text={googleText} onCredential={onGoogleCredential} />
      <p className="auth__switch">{children}</p>
    </>
  );
}
