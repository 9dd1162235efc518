/**
 * /register (spec sections 2, 5, 9): name, email, password and a profile picture, checked in
 * the browser (an image, at most 10MB) before anything is sent; the server checks again and
 * its answer is shown otherwise. One multipart request creates the account with its picture.
 */
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { register, signInWithGoogle, type SessionUser } from '../../lib/session.ts';
import { GoogleSignIn } from './google-sign-in.tsx';
import { checkCredentials, checkPicture, failureText } from './auth-rules.ts';
import { returnTargetOf } from './return-path.ts';
import './auth.css';

type Field = 'name' | 'email' | 'password' | 'photo';

export function RegisterPage() {
  usePageTitle('Register');
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const previewUrl = useMemo(() => (photo && !checkPicture(photo) ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  function registered(user: SessionUser, title: string) {
    showToast('success', title, `Welcome, ${user.name}!`, 1500);
    const back = returnTargetOf(location.state);
    navigate(back.to, { replace: true, state: back.state });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const found: Partial<Record<Field, string>> = { ...checkCredentials(email, password) };
    if (!name.trim()) found.name = 'Name is required';
    const pictureProblem = checkPicture(photo);
    if (pictureProblem) found.photo = pictureProblem;
    setErrors(found);
    const first = (['name', 'email', 'password', 'photo'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const form = new FormData();
    form.set('name', name.trim());
    form.set('email', email.trim());
    form.set('password', password);
    if (photo) form.set('photo', photo);
    setSubmitting(true);
    try {
      registered(await register(form), 'Registration successful');
    } catch (error) {
      const fields = error instanceof ApiRequestError ? (error.body?.fields as Partial<Record<Field, string>> | undefined) : undefined;
      // The picture itself was refused (not a real image, or too large).
      const pictureRefused = error instanceof ApiRequestError && (error.status === 413 || error.status === 415);
      if (pictureRefused) {
        setErrors({ photo: messageOf(error, 'Please upload an image file (jpg, png, etc.)') });
        showToast('error', 'Image Upload Failed', 'Please try again!');
      } else {
        if (fields) setErrors(fields);
        const text = messageOf(error, 'Something went wrong!');
        setFailure(text);
        showToast('error', 'Registration Failed', text);
      }
    } finally {
      setSubmitting(false);
    }
  }

  async function google(idToken: string) {
    setFailure(null);
    try {
      registered(await signInWithGoogle(idToken), 'Login successful');
    } catch (error) {
      const text = failureText(error);
      setFailure(text);
      showToast('error', 'Registration Failed', text);
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
        <h1>Register</h1>
        <form noValidate onSubmit={submit}>
          <div className="field">
            <label htmlFor={`${id}-name`}>Name</label>
            <input {...fieldProps('name')} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
            {fieldError('name')}
          </div>
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
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {fieldError('password')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-photo`}>Profile picture</label>
            <input
              {...fieldProps('photo')}
              type="file"
              accept="image/*"
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null;
                setPhoto(file);
                setErrors((current) => ({ ...current, photo: checkPicture(file) }));
              }}
            />
            {fieldError('photo')}
            {previewUrl && <img className="auth__preview" src={previewUrl} alt="Your chosen profile picture" width={72} height={72} />}
          </div>
          {failure && <p className="form-message form-message--error">Registration Failed: {failure}</p>}
          <button type="submit" className="button auth__submit" disabled={submitting}>
            {submitting ? 'Registering...' : 'Register'}
          </button>
        </form>
        <p className="auth__or"><span>or</span></p>
        <GoogleSignIn text="signup_with" onCredential={google} />
        <p className="auth__switch">
          Already have an account? <Link to="/login" state={location.state}>Login</Link>
        </p>
      </div>
    </section>
  );
}
