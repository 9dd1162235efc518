/**
 * /register (spec sections 2, 5, 9): name, email, password and a profile picture, checked in
 * the browser (an image, at most 10MB) and prepared there as soon as it is chosen
 * (components/use-prepared-picture.ts: a camera's photo is too big for the server's checks);
 * the server checks again and its answer is shown otherwise. One multipart request creates the
 * account with its picture. Before it, the mobile number and a code (issue 50): the way most
 * customers sign up, with only a name to give.
 */
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useObjectUrl } from '../../components/use-object-url.ts';
import { usePreparedPicture } from '../../components/use-prepared-picture.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { register, signInWithGoogle } from '../../lib/session.ts';
import { PhoneSignIn } from './phone-sign-in.tsx';
import { CredentialFields, OtherWaysIn, useFieldErrors, useReturnAfterSignIn, type FieldErrors } from './auth-form.tsx';
import { checkRegistration, failureText } from './auth-rules.ts';
import './auth.css';
import { t } from '../../lib/i18n/runtime.ts';

type Field = 'name' | 'email' | 'password' | 'photo';

export function RegisterPage() {
  usePageTitle(t('title.register'));
  const location = useLocation();
  const returnAfterSignIn = useReturnAfterSignIn();
  const form = useFieldErrors<Field>();
  const { id, setErrors, fieldProps, fieldError } = form;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const photo = usePreparedPicture();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The prepared picture, as it will be sent.
  const previewUrl = useObjectUrl(photo.file);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    setSubmitting(true);
    try {
      const found: FieldErrors<Field> = { ...checkRegistration(name, email, password) };
      // A picture still being prepared is waited for.
      const picture = await photo.settled();
      if (picture.problem) found.photo = picture.problem;
      if (form.showErrors(found, ['name', 'email', 'password', 'photo'])) return;
      const body = { name: name.trim(), email: email.trim(), password, ...(picture.file ? { photo: picture.file } : {}) };
      returnAfterSignIn(await register(body), t('auth.registered'), t('auth.welcome'), { newAccount: true });
    } catch (error) {
      const fields = error instanceof ApiRequestError ? (error.body?.fields as Partial<Record<Field, string>> | undefined) : undefined;
      // The picture itself was refused (not a real image, or too large).
      const pictureRefused = error instanceof ApiRequestError && (error.status === 413 || error.status === 415);
      if (pictureRefused) {
        setErrors({ photo: messageOf(error, t('auth.imageType')) });
        showToast('error', t('auth.imageFailed'), t('auth.tryAgain'));
      } else {
        if (fields) setErrors(fields);
        const text = messageOf(error, t('auth.somethingWrong'));
        setFailure(text);
        showToast('error', t('auth.registerFailed'), text);
      }
    } finally {
      setSubmitting(false);
    }
  }

  async function google(idToken: string) {
    setFailure(null);
    try {
      returnAfterSignIn(await signInWithGoogle(idToken), t('auth.loginSuccess'), t('auth.welcome'));
    } catch (error) {
      const text = failureText(error);
      setFailure(text);
      showToast('error', t('auth.registerFailed'), text);
    }
  }

  return (
    <section className="container auth">
      <div className="auth__panel">
        <h1>{t('auth.registerHeading')}</h1>
        <PhoneSignIn
          heading={t('auth.signUpWithNumber')}
          onSignedIn={(user, newAccount) => returnAfterSignIn(user, newAccount ? t('auth.registered') : t('auth.loginSuccess'), newAccount ? t('auth.welcome') : t('auth.welcomeBack'), { newAccount })}
        />
        <h2 className="auth__email-heading">{t('auth.withEmail')}</h2>
        <form noValidate aria-busy={submitting || photo.preparing} onSubmit={submit}>
          <div className="field">
            <label htmlFor={`${id}-name`}>{t('auth.name')}</label>
            <input {...fieldProps('name')} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
            {fieldError('name')}
          </div>
          <CredentialFields
            form={form}
            email={email}
            onEmail={setEmail}
            password={password}
            onPassword={setPassword}
            passwordAutoComplete="new-password"
          />
          <div className="field">
            <label htmlFor={`${id}-photo`}>{t('auth.photo')}</label>
            <input
              {...fieldProps('photo')}
              type="file"
              accept="image/*"
              onChange={(e) => {
                setErrors((current) => ({ ...current, photo: undefined }));
                void photo.choose(e.target.files?.[0] ?? null).then((result) => result && setErrors((current) => ({ ...current, photo: result.problem })));
              }}
            />
            {fieldError('photo')}
            {photo.preparing && <p className="auth__preparing" role="status">{t('documents.preparing')}</p>}
            {previewUrl && <img className="auth__preview" src={previewUrl} alt={t('auth.photoAlt')} width={72} height={72} />}
          </div>
          {failure && <p className="form-message form-message--error">Registration Failed: {failure}</p>}
          <button type="submit" className="button auth__submit" disabled={submitting}>
            {submitting ? t('auth.registering') : t('auth.register')}
          </button>
        </form>
        <OtherWaysIn googleText="signup_with" onGoogleCredential={google}>
          {t('auth.haveAccount')} <Link to="/login" state={location.state}>{t('auth.login')}</Link>
        </OtherWaysIn>
      </div>
    </section>
  );
}
