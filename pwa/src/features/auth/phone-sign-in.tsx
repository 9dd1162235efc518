/**
 * Signing in, or signing up, with a mobile number and a one-time code (issue 50), first on /login
 * and /register: the number, then the 6-digit code from the SMS; a number new to us is asked a
 * name once (an email may be added) and becomes a customer's account. Each step's refusal is said
 * under its field; a request for a new code waits as the server asks.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { emailField } from 'edge-api/src/schemas/auth.ts';
import { otpVerifyBody } from 'edge-api/src/schemas/phone-accounts.ts';
import { ApiRequestError } from '../../lib/api-error.ts';
import { fieldMessage } from '../../lib/i18n/field-messages.ts';
import { localDigits } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import type { SessionUser } from '../../lib/session.ts';
import { codeDead, isCodeRefused, refusalText, refusedCodeText } from '../../lib/code-refusals.ts';
import { checkMobileNumber, CodeField, codeProblem, MobileNumberField } from '../../components/phone-code-fields.tsx';
import { requestSignInCode, verifySignInCode } from './phone-auth-api.ts';
import { useRequest } from '../../lib/use-request.ts';
import { loadClientConfig } from './client-config.ts';
import { useCodeSending } from '../../lib/use-code-sending.ts';

type Step = 'number' | 'code' | 'name';
type Field = 'phone' | 'code' | 'name' | 'email';

/** The number as people write it at home, 01712345678, in the page's digits. */
export const shownNumber = (phone: string) => localDigits(phone.replace(/^\+880/, '0'));

/** Whether this server can send codes by SMS (GET /client-config): unknown (null) until it answers. */
export function useCodesBySms(): boolean | null {
  const config = useRequest(() => loadClientConfig(), []);
  return config.status === 'ready' ? config.data.phoneSignIn : null;
}

/** The phone way in, unless the server says it sends no SMS (no gateway, not the demo). */
export function PhoneSignIn(props: { heading: string; onSignedIn: (user: SessionUser, newAccount: boolean) => void }) {
  if (useCodesBySms() === false) return null;
  return (
    <>
      <PhoneCodeForm {...props} />
      <p className="auth__or"><span>{t('auth.or')}</span></p>
    </>
  );
}

function PhoneCodeForm({ heading, onSignedIn }: { heading: string; onSignedIn: (user: SessionUser, newAccount: boolean) => void }) {
  const id = useId();
  const [step, setStep] = useState<Step>('number');
  const [typed, setTyped] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [note, setNote] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const sending = useCodeSending(requestSignInCode);

  // Each new step takes the focus to its first field, so a screen reader reads where it is.
  useEffect(() => {
    if (step !== 'number') document.getElementById(`${id}-${step}`)?.focus();
  }, [id, step]);

  function showError(field: Field, text: string) {
    setErrors({ [field]: text });
    document.getElementById(`${id}-${field}`)?.focus();
  }

  async function sendCode(event?: FormEvent) {
    event?.preventDefault();
    setNote(null);
    const checked = checkMobileNumber(typed);
    if (!checked.ok) return showError('phone', checked.problem);
    const problem = await sending.sendCode(checked.phone);
    if (problem) return showError(step === 'number' ? 'phone' : 'code', problem);
    setErrors({});
    setPhone(checked.phone);
    setCode('');
    setStep('code');
    setNote(t('auth.codeSent', { phone: shownNumber(checked.phone) }));
  }

  /** The name and the optional email of a new account, by the server's rules. */
  function newAccountProblem(): Partial<Record<Field, string>> | null {
    const checked = otpVerifyBody.pick({ name: true }).safeParse({ name });
    if (!checked.success || !name.trim()) return { name: fieldMessage(checked.success ? 'Name is required' : (checked.error.issues[0]?.message ?? 'Name is required')) };
    if (email.trim() && !emailField.safeParse(email).success) return { email: fieldMessage('Please enter a valid email address') };
    return null;
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    const problem = codeProblem(code);
    if (problem) return showError('code', problem);
    const newAccount = step === 'name';
    if (newAccount) {
      const found = newAccountProblem();
      if (found) return showError(found.name ? 'name' : 'email', (found.name ?? found.email)!);
    }
    setVerifying(true);
    setErrors({});
    try {
      const answer = await verifySignInCode({ phone, code, ...(newAccount && { name: name.trim(), ...(email.trim() && { email: email.trim() }) }) });
      if (answer.state === 'needs-name') {
        setNote(t('auth.newNumber'));
        setStep('name');
        return;
      }
      onSignedIn(answer.user, answer.newAccount);
    } catch (error) {
      if (isCodeRefused(error)) {
        // Back to the code: it was wrong, or can no longer work (then a new one is needed).
        const tries = sending.noteWrongTry();
        if (codeDead(tries)) setCode('');
        setStep('code');
        return showError('code', refusedCodeText(tries));
      }
      if (newAccount && error instanceof ApiRequestError && error.status === 409) return showError('email', refusalText(error));
      showError(newAccount && error instanceof ApiRequestError && error.body?.fields?.name ? 'name' : 'code', refusalText(error));
    } finally {
      setVerifying(false);
    }
  }

  function changeNumber() {
    setStep('number');
    setCode('');
    setErrors({});
    setNote(null);
    requestAnimationFrame(() => document.getElementById(`${id}-phone`)?.focus());
  }

  const wait = sending.secondsToWait;
  return (
    <section className="auth__phone" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {step === 'number' ? (
        <form noValidate aria-busy={sending.sending} onSubmit={(event) => void sendCode(event)}>
          <MobileNumberField id={`${id}-phone`} label={t('auth.mobileNumber')} hint={t('auth.mobileNumberHint')} value={typed} onChange={setTyped} error={errors.phone} />
          <button type="submit" className="button auth__submit" disabled={sending.sending}>
            {sending.sending ? t('auth.sendingCode') : t('auth.sendCode')}
          </button>
        </form>
      ) : (
        <form noValidate aria-busy={verifying} onSubmit={(event) => void verify(event)}>
          {note && <p className="auth__note" role="status">{note}</p>}
          <CodeField id={`${id}-code`} label={t('auth.code')} value={code} onChange={setCode} error={errors.code} disabled={step === 'name'} />
          {step === 'name' && (
            <>
              <div className="field">
                <label htmlFor={`${id}-name`}>{t('auth.yourName')}</label>
                <input
                  id={`${id}-name`}
                  autoComplete="name"
                  value={name}
                  aria-invalid={errors.name ? true : undefined}
                  aria-describedby={errors.name ? `${id}-name-error` : undefined}
                  onChange={(event) => setName(event.target.value)}
                />
                {errors.name && <p className="field__error" id={`${id}-name-error`}>{errors.name}</p>}
              </div>
              <div className="field">
                <label htmlFor={`${id}-email`}>{t('auth.emailOptional')}</label>
                <input
                  id={`${id}-email`}
                  type="email"
                  autoComplete="email"
                  value={email}
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={errors.email ? `${id}-email-error` : `${id}-email-hint`}
                  onChange={(event) => setEmail(event.target.value)}
                />
                {errors.email ? (
                  <p className="field__error" id={`${id}-email-error`}>{errors.email}</p>
                ) : (
                  <p className="field__hint" id={`${id}-email-hint`}>{t('auth.emailOptionalHint')}</p>
                )}
              </div>
            </>
          )}
          <button type="submit" className="button auth__submit" disabled={verifying}>
            {verifying ? t('auth.checkingCode') : step === 'name' ? t('auth.createMyAccount') : t('auth.continueWithCode')}
          </button>
          <div className="auth__code-actions">
            <button type="button" className="button button--secondary" disabled={sending.sending || wait > 0} onClick={() => void sendCode()}>
              {wait > 0 ? t('auth.resendIn', { wait: localDigits(String(wait)) }) : t('auth.resend')}
            </button>
            <button type="button" className="button button--secondary" onClick={changeNumber}>{t('auth.otherNumber')}</button>
          </div>
        </form>
      )}
    </section>
  );
}
