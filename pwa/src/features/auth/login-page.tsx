/**
 * /login (spec sections 2, 5, 9): email and password, or Google. After signing in, back to
 * the page the user came from (router state `from`), else /.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { signIn, signInWithGoogle, type SessionUser } from '../../lib/session.ts';
import { checkCredentials, failureText } from './auth-rules.ts';
import { GoogleSignIn } from './google-sign-in.tsx';
import { returnTargetOf } from './return-path.ts';
import './auth.css';

type Field = 'email' | 'password';

export function LoginPage() {
  usePageTitle('Login');
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  function signedIn(user: SessionUser) {
    showToast('success', 'Login successful', `Welcome back, ${user.name}!`, 1500);
    const back = returnTargetOf(location.state);
    navigate(back.to, { replace: true, state: back.state });
  }

  function failed(error: unknown) {
    const text = failureText(error);
    setFailure(text);
    showToast('error', 'Login failed', text);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const found = checkCredentials(email, password);
    setErrors(found);
    const first = (['email', 'password'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
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

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });
  const fieldError = (field: Field) =>
    errors[field] ? <p className="field__error" id={`${id}-${field}-error`}>{errors[field]}</p> : null;

  return (
    <section className="container auth">
      <div className="auth__panel">
        <h1>Login</h1>
        <form noValidate onSubmit={submit}>
          <div className="field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input {...fieldProps('email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            {fieldError('email')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-password`}>Password</label>
            <input
              {...fieldProps('password')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {fieldError('password')}
          </div>
          {failure && <p className="form-message form-message--error">Login failed: {failure}</p>}
          <button type="submit" className="button auth__submit" disabled={submitting}>
            {submitting ? 'Logging in...' : 'Login'}
          </button>
        </form>
        <p className="auth__or"><span>or</span></p>
        <GoogleSignIn text="signin_with" onCredential={google} />
        <p className="auth__switch">
          New here? <Link to="/register" state={location.state}>Create an account</Link>
        </p>
      </div>
    </section>
  );
}
