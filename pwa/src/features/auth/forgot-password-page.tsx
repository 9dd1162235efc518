/**
 * /forgot-password (issue 50): a way back in. By mobile number: a code by SMS, then the code and
 * the new password here. By email: a link to /reset-password (reset-password-page.tsx). The
 * server answers alike whether or not an account has that number or email, so the page says
 * only what was sent if there is one.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { emailField } from 'edge-api/src/schemas/auth.ts';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError } from '../../lib/api-error.ts';
import { fieldMessage } from '../../lib/i18n/field-messages.ts';
import { localDigits } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { codeDead, isCodeRefused, refusalText, refusedCodeText } from '../../lib/code-refusals.ts';
import { checkNewPassword, NewPasswordFields } from './new-password-fields.tsx';
import { checkMobileNumber, CodeField, codeProblem, MobileNumberField } from '../../components/phone-code-fields.tsx';
import { requestPasswordReset, resetPassword } from './phone-auth-api.ts';
import { shownNumber } from './phone-sign-in.tsx';
import { loadClientConfig } from './client-config.ts';
import { useRequest } from '../../lib/use-request.ts';
import { useCodeSending } from '../../lib/use-code-sending.ts';
import './auth.css';

type Way = 'phone' | 'email';

export function ForgotPasswordPage() {
  usePageTitle(t('title.forgotPassword'));
  const id = useId();
  const config = useRequest(() => loadClientConfig(), []);
  // The ways this server can send (GET /client-config): both until it says otherwise.
  const ways = (['phone', 'email'] as const).filter((option) => config.status !== 'ready' || (option === 'phone' ? config.data.phoneSignIn : config.data.emailReset));
  const [chosen, setWay] = useState<Way>('phone');
  const way = ways.includes(chosen) ? chosen : ways[0];
  return (
    <section className="container auth">
      <div className="auth__panel">
        <h1>{t('auth.forgotHeading')}</h1>
        {ways.length > 1 && (
          <fieldset className="auth__choice">
            <legend className="visually-hidden">{t('auth.forgotHow')}</legend>
            {ways.map((option) => (
              <label key={option} htmlFor={`${id}-${option}`}>
                <input id={`${id}-${option}`} type="radio" name={`${id}-way`} checked={way === option} onChange={() => setWay(option)} />
                {option === 'phone' ? t('auth.byNumber') : t('auth.byEmail')}
              </label>
            ))}
          </fieldset>
        )}
        {way === 'phone' && <ResetByCode />}
        {way === 'email' && <ResetByLink />}
        {way === undefined && (
          <p className="form-message form-message--error" role="alert">
            {t('auth.resetUnavailable')} <Link to="/contact">{t('auth.contactUs')}</Link>
          </p>
        )}
        <p className="auth__switch">
          {t('auth.rememberIt')} <Link to="/login">{t('auth.login')}</Link>
        </p>
      </div>
    </section>
  );
}

/** The number, then the code from the SMS and the new password. */
function ResetByCode() {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [phone, setPhone] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'phone' | 'code' | 'password' | 'confirm', string>>>({});
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const sending = useCodeSending((to) => requestPasswordReset({ phone: to }));

  useEffect(() => {
    if (phone) document.getElementById(`${id}-code`)?.focus();
  }, [id, phone]);

  function showErrors(found: typeof errors) {
    setErrors(found);
    const first = (['phone', 'code', 'password', 'confirm'] as const).find((field) => found[field]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  }

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const checked = checkMobileNumber(typed);
    if (!checked.ok) return showErrors({ phone: checked.problem });
    const problem = await sending.sendCode(checked.phone);
    if (problem) return showErrors(phone ? { code: problem } : { phone: problem });
    setErrors({});
    setCode('');
    setPhone(checked.phone);
  }

  async function reset(event: FormEvent) {
    event.preventDefault();
    if (!phone) return;
    const found = { ...(codeProblem(code) && { code: codeProblem(code) }), ...checkNewPassword(password, confirm) };
    if (Object.keys(found).length > 0) return showErrors(found);
    setSaving(true);
    try {
      await resetPassword({ phone, code, password });
      setDone(true);
      showToast('success', t('auth.passwordReset'));
    } catch (error) {
      if (isCodeRefused(error)) {
        const tries = sending.noteWrongTry();
        if (codeDead(tries)) setCode('');
        return showErrors({ code: refusedCodeText(tries) });
      }
      const fields = error instanceof ApiRequestError ? error.body?.fields : undefined;
      showErrors(fields?.password ? { password: fieldMessage(fields.password) } : { code: refusalText(error) });
    } finally {
      setSaving(false);
    }
  }

  if (done) return <ResetDone />;
  if (!phone) {
    return (
      <form noValidate aria-busy={sending.sending} onSubmit={(event) => void send(event)}>
        <p>{t('auth.forgotByNumberIntro')}</p>
        <MobileNumberField id={`${id}-phone`} label={t('auth.mobileNumber')} hint={t('auth.mobileNumberHint')} value={typed} onChange={setTyped} error={errors.phone} />
        <button type="submit" className="button auth__submit" disabled={sending.sending}>
          {sending.sending ? t('auth.sendingCode') : t('auth.sendCode')}
        </button>
      </form>
    );
  }
  const wait = sending.secondsToWait;
  return (
    <form noValidate aria-busy={saving} onSubmit={(event) => void reset(event)}>
      <p className="auth__note" role="status">{t('auth.resetCodeSent', { phone: shownNumber(phone) })}</p>
      <CodeField id={`${id}-code`} label={t('auth.code')} value={code} onChange={setCode} error={errors.code} />
      <NewPasswordFields id={id} password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} errors={errors} />
      <button type="submit" className="button auth__submit" disabled={saving}>
        {saving ? t('auth.savingPassword') : t('auth.setNewPassword')}
      </button>
      <div className="auth__code-actions">
        <button type="button" className="button button--secondary" disabled={sending.sending || wait > 0} onClick={() => void send()}>
          {wait > 0 ? t('auth.resendIn', { wait: localDigits(String(wait)) }) : t('auth.resend')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => { setPhone(null); setCode(''); setErrors({}); }}>
          {t('auth.otherNumber')}
        </button>
      </div>
    </form>
  );
}

/** The email; the link comes by email, if an account has it. */
function ResetByLink() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    const checked = emailField.safeParse(email);
    if (!checked.success) {
      setError(fieldMessage(checked.error.issues[0]?.message ?? 'Email is required'));
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setSending(true);
    setError(undefined);
    try {
      await requestPasswordReset({ email: checked.data });
      setSentTo(checked.data);
    } catch (failure) {
      setError(refusalText(failure));
      document.getElementById(`${id}-email`)?.focus();
    } finally {
      setSending(false);
    }
  }

  return (
    <form noValidate aria-busy={sending} onSubmit={(event) => void send(event)}>
      <p>{t('auth.forgotByEmailIntro')}</p>
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('auth.email')}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-email-error` : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        {error && <p className="field__error" id={`${id}-email-error`}>{error}</p>}
      </div>
      {sentTo && <p className="auth__note" role="status">{t('auth.resetLinkSent', { email: sentTo })}</p>}
      <button type="submit" className="button auth__submit" disabled={sending}>
        {sending ? t('auth.sendingLink') : sentTo ? t('auth.sendLinkAgain') : t('auth.sendLink')}
      </button>
    </form>
  );
}

/** After a reset: every other sign-in has ended; the person signs in with the new password. */
export function ResetDone() {
  return (
    <div className="auth__done" role="status">
      <p>{t('auth.passwordResetDone')}</p>
      <Link className="button auth__submit" to="/login">{t('auth.loginNow')}</Link>
    </div>
  );
}
