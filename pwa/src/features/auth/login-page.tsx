/**
 * /login (spec sections 2, 5, 9; issue 50): the mobile number and a code first, then email and
 * password (with "Forgot password?"), or Google. After signing in, back to the page the user
 * came from (router state `from`), else /.
 */
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { signIn, signInWithGoogle, type SessionUser } from '../../lib/session.ts';
import { PhoneSignIn } from './phone-sign-in.tsx';
import { CredentialFields, OtherWaysIn, useFieldErrors, useReturnAfterSignIn } from './auth-form.tsx';
import { checkCredentials, failureText } from './auth-rules.ts';
import './auth.css';
import { t } from '../../lib/i18n/runtime.ts';

type Field = 'email' | 'password';

export function LoginPage() {
  usePageTitle(t('title.login'));
  const location = useLocation();
  const returnAfterSignIn = useReturnAfterSignIn();
  const form = useFieldErrors<Field>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  function signedIn(user: SessionUser) {
    returnAfterSignIn(user, t('auth.loginSuccess'), t('auth.welcomeBack'));
  }

  function failed(error: unknown) {
    const text = failureText(error);
    setFailure(text);
    showToast('error', t('auth.loginFailed'), text);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    if (form.showErrors(checkCredentials(email, password), ['email', 'password'])) return;
    setSubmitting(true);
    try {
      signedIn(await signIn(email.trim(), password));
    } catch (error) {
      failed(error);
    } finally {
      setSubmitting(false);
    }
  }

  async function google(idToken: string) {
    setFailure(null);
    try {
      signedIn(await signInWithGoogle(idToken));
    } catch (error) {
      failed(error);
    }
  }

  return (
    <section className="container auth">
      <div className="auth__panel">
        <h1>{t('auth.loginHeading')}</h1>
        <PhoneSignIn
          heading={t('auth.withNumber')}
          onSignedIn={(user, newAccount) => returnAfterSignIn(user, newAccount ? t('auth.registered') : t('auth.loginSuccess'), newAccount ? t('auth.welcome') : t('auth.welcomeBack'), { newAccount })}
        />
        <h2 className="auth__email-heading">{t('auth.withEmail')}</h2>
        <form noValidate onSubmit={submit}>
          <CredentialFields
            form={form}
            email={email}
            onEmail={setEmail}
            password={password}
            onPassword={setPassword}
            passwordAutoComplete="current-password"
          />
          {failure && <p className="form-message form-message--error">{t('auth.loginFailedWith', { reason: failure })}</p>}
          <button type="submit" className="button auth__submit" disabled={submitting}>
            {submitting ? t('auth.loggingIn') : t('auth.login')}
          </button>
        </form>
        <p className="auth__forgot"><Link to="/forgot-password" state={location.state}>{t('auth.forgotLink')}</Link></p>
        <OtherWaysIn googleText="signin_with" onGoogleCredential={google}>
          {t('auth.newHere')} <Link to="/register" state={location.state}>{t('auth.createAccount')}</Link>
        </OtherWaysIn>
      </div>
    </section>
  );
}
