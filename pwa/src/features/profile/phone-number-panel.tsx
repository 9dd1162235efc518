/**
 * The account's mobile number (issue 50): whether it is confirmed, and adding or changing it,
 * which needs the code sent to the new number by SMS (POST /auth/phone/request, then /verify).
 * A confirmed number signs in with a code and receives the policy SMS. Needs the network: the
 * code is the server's, so offline the panel says so instead of offering the steps.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { checkMobileNumber, CodeField, codeProblem, MobileNumberField } from '../../components/phone-code-fields.tsx';
import { showToast } from '../../components/toast.tsx';
import { codeDead, isCodeRefused, refusalText, refusedCodeText } from '../../lib/code-refusals.ts';
import { localDigits } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { useCodeSending } from '../../lib/use-code-sending.ts';
import { useOnline } from '../../lib/use-online.ts';
import { confirmNumber, requestNumberCode, setPolicySms, type Profile } from './profile-api.ts';

type Step = 'idle' | 'number' | 'code';

/** +8801712345678 as people write it at home, 01712345678, in the page's digits. */
const shownNumber = (phone: string) => localDigits(phone.replace(/^\+880/, '0'));

export function PhoneNumberPanel({ profile, onConfirmed }: { profile: Profile; onConfirmed: (profile: Profile) => void }) {
  const id = useId();
  const online = useOnline();
  const [step, setStep] = useState<Step>('idle');
  const [typed, setTyped] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const sending = useCodeSending(requestNumberCode);

  useEffect(() => {
    if (step !== 'idle') document.getElementById(`${id}-${step === 'number' ? 'phone' : 'code'}`)?.focus();
  }, [id, step]);

  function showError(field: 'phone' | 'code', text: string) {
    setErrors({ [field]: text });
    document.getElementById(`${id}-${field}`)?.focus();
  }

  function start(prefill: string) {
    setTyped(prefill);
    setErrors({});
    setStep('number');
  }

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const checked = checkMobileNumber(typed);
    if (!checked.ok) return showError('phone', checked.problem);
    const problem = await sending.sendCode(checked.phone);
    if (problem) return showError(step === 'code' ? 'code' : 'phone', problem);
    setErrors({});
    setPhone(checked.phone);
    setCode('');
    setStep('code');
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const problem = codeProblem(code);
    if (problem) return showError('code', problem);
    setConfirming(true);
    try {
      const saved = await confirmNumber(phone, code);
      setStep('idle');
      setErrors({});
      onConfirmed(saved);
      showToast('success', t('profile.numberSaved'));
    } catch (error) {
      if (!isCodeRefused(error)) return showError('code', refusalText(error));
      const tries = sending.noteWrongTry();
      if (codeDead(tries)) setCode('');
      showError('code', refusedCodeText(tries));
    } finally {
      setConfirming(false);
    }
  }

  const wait = sending.secondsToWait;
  return (
    <section className="panel profile__number" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('profile.numberHeading')}</h2>
      <p className="profile__number-now">
        {profile.phone ? (
          <>
            <span>{shownNumber(profile.phone)}</span>{' '}
            <span className={`badge ${profile.phoneVerified ? 'badge--success' : 'badge--warn'}`}>
              {profile.phoneVerified ? t('profile.numberConfirmed') : t('profile.numberUnconfirmed')}
            </span>
          </>
        ) : (
          t('profile.noPhone')
        )}
      </p>
      <p className="profile__hint">{t('profile.numberWhy')}</p>
      {profile.phoneVerified && step === 'idle' && <PolicySmsChoice profile={profile} onChanged={onConfirmed} online={online} />}
      {!online && step === 'idle' && <p className="profile__hint" role="status">{t('profile.numberOffline')}</p>}
      {step === 'idle' && (
        <div className="profile__number-actions">
          {profile.phone && !profile.phoneVerified && (
            <button type="button" className="button" disabled={!online} onClick={() => start(shownNumber(profile.phone ?? ''))}>
              {t('profile.numberConfirm')}
            </button>
          )}
          <button type="button" className="button button--secondary" disabled={!online} onClick={() => start('')}>
            {profile.phone ? t('profile.numberChange') : t('profile.numberAdd')}
          </button>
        </div>
      )}
      {step === 'number' && (
        <form noValidate aria-busy={sending.sending} onSubmit={(event) => void send(event)}>
          <MobileNumberField id={`${id}-phone`} label={t('profile.phone')} hint={t('profile.phoneHint')} value={typed} onChange={setTyped} error={errors.phone} />
          <div className="profile__number-actions">
            <button type="submit" className="button" disabled={sending.sending || !online}>
              {sending.sending ? t('profile.sendingCode') : t('profile.sendCode')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setStep('idle')}>{t('confirm.cancel')}</button>
          </div>
        </form>
      )}
      {step === 'code' && (
        <form noValidate aria-busy={confirming} onSubmit={(event) => void confirm(event)}>
          <p className="profile__hint" role="status">{t('profile.codeSent', { phone: shownNumber(phone) })}</p>
          <CodeField id={`${id}-code`} label={t('profile.codeLabel')} value={code} onChange={setCode} error={errors.code} />
          <div className="profile__number-actions">
            <button type="submit" className="button" disabled={confirming}>
              {confirming ? t('profile.confirming') : t('profile.confirmCode')}
            </button>
            <button type="button" className="button button--secondary" disabled={sending.sending || wait > 0} onClick={() => void send()}>
              {wait > 0 ? t('auth.resendIn', { wait: localDigits(String(wait)) }) : t('auth.resend')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => start(typed)}>{t('auth.otherNumber')}</button>
          </div>
        </form>
      )}
    </section>
  );
}

/** Whether the confirmed number gets the SMS about premiums and decisions (the person may say no). */
function PolicySmsChoice({ profile, onChanged, online }: { profile: Profile; onChanged: (profile: Profile) => void; online: boolean }) {
  const id = useId();
  // Shown at once as ticked or not; put back if the server does not take it.
  const [wanted, setWanted] = useState(!profile.smsOptOut);
  const [saving, setSaving] = useState(false);
  async function change(next: boolean) {
    setWanted(next);
    setSaving(true);
    try {
      await setPolicySms(next);
      onChanged({ ...profile, smsOptOut: !next });
      showToast('success', next ? t('profile.smsOn') : t('profile.smsOff'));
    } catch (error) {
      setWanted(!next);
      showToast('error', t('profile.smsFailed'), refusalText(error));
    } finally {
      setSaving(false);
    }
  }
  return (
    <div className="profile__sms">
      <input id={`${id}-sms`} type="checkbox" checked={wanted} disabled={saving || !online} onChange={(event) => void change(event.target.checked)} />
      <label htmlFor={`${id}-sms`}>{t('profile.smsChoice')}</label>
    </div>
  );
}
