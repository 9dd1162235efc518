/**
 * The policy application (/policy-apply-from, spelling kept from the spec). The estimated
 * monthly premium, and the policy when the visitor came from one, arrive in the navigation
 * state from the quote page. Sending goes through submitApplication (one function, so the
 * offline outbox can take it over).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { healthConditionChoices, nomineeRelationshipChoices } from 'edge-api/src/schemas/application.ts';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { showToast } from '../../components/toast.tsx';
import { DocumentField } from '../../components/document-field.tsx';
import { useChosenDocuments } from '../../components/use-chosen-documents.ts';
import { applicationDocumentKinds } from 'edge-api/src/schemas/document.ts';
import { useMoneyFont } from '../../components/use-money-font.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { localDb, type Policy } from '../../lib/local-db.ts';
import { useSession } from '../../lib/use-session.ts';
import { clearDraft, loadDraft, saveDraft } from './application-draft.ts';
import { checkApplication, fieldOrder, toggleCondition, type ApplicationErrors, type ApplicationField, type ApplicationForm } from './application-rules.ts';
import { submitApplication } from './submit-application.ts';
import type { CorrectionState } from './correct-refused.ts';
import { fieldMessage } from '../../lib/i18n/field-messages.ts';
import './apply.css';
import { formatMoney, formatNumber } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { healthLabel, relationshipLabel } from '../../components/applicant-labels.ts';
import { defaultPremiumMode, premiumModes, type PremiumMode } from 'edge-api/src/schemas/premium-schedule.ts';
import type { MessageId } from '../../lib/i18n/runtime.ts';
import { shownEmail } from '../../lib/shown-email.ts';

const premiumModeLabels: Record<PremiumMode, MessageId> = {
  monthly: 'apply.mode.monthly',
  quarterly: 'apply.mode.quarterly',
  half_yearly: 'apply.mode.halfYearly',
  yearly: 'apply.mode.yearly',
};
import { ageProblem, ageRangeText } from '../../components/age-eligibility.ts';
import { policyText } from '../../components/policy-text.ts';
import { carriedQuoteOf, coverOverPolicy, premiumToRecord } from './quoted-cover.ts';
import { usePreviousApplicant } from './previous-applicant.ts';

/**
 * The server's field messages, each in the page's language; its age refusal (with the age and
 * range in its details) in the app's own words.
 */
function serverFieldErrors(error: ApiRequestError): ApplicationErrors {
  const fields = { ...(error.body?.fields as ApplicationErrors) };
  const details = error.body?.details as { age?: unknown; minAge?: unknown; maxAge?: unknown } | undefined;
  if (fields.dateOfBirth && typeof details?.age === 'number' && typeof details.minAge === 'number' && typeof details.maxAge === 'number') {
    fields.dateOfBirth = ageProblem(details.age, { minAge: details.minAge, maxAge: details.maxAge }) ?? fields.dateOfBirth;
  }
  // The quoted cover is more than the policy's (issue 48): said beside the premium it was quoted for.
  const cover = (error.body?.fields as Record<string, string> | undefined)?.coverage;
  const max = (details as { maxCoveragePoisha?: unknown } | undefined)?.maxCoveragePoisha;
  if (cover) fields.estimatedPremium = typeof max === 'number' ? t('apply.coverOverPolicy', { max: formatMoney(max) }) : cover;
  return fields;
}

interface ArrivedWith extends CorrectionState {
  policyTitle?: string;
  /** The quote's cover and answers (issue 48; quoted-cover.ts). */
  quote?: unknown;
}


export function ApplyPage() {
  usePageTitle(t('title.apply'));
  useMoneyFont();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const arrived = (location.state ?? {}) as ArrivedWith;
  const userId = session.user?.id ?? null;
  // What was typed before (a sign-in on the way, a reload, a closed tab) comes back.
  const [draft] = useState(() => loadDraft(userId));
  const carriedPremium = typeof arrived.estimatedPremium === 'number' && Number.isFinite(arrived.estimatedPremium) ? arrived.estimatedPremium : null;
  const estimatedPremium = carriedPremium ?? draft?.estimatedPremium ?? null;
  // The quote's cover comes with its estimate: from the quote page, else with the draft's estimate.
  const [quote] = useState(() => (carriedPremium !== null ? carriedQuoteOf(arrived.quote) : carriedQuoteOf(draft?.quote)));
  const carriedPolicy = useLiveQuery(() => (arrived.policyId ? localDb.policies.get(arrived.policyId) : undefined), [arrived.policyId]);
  const policyChoices = useLiveQuery(
    (): Promise<Policy[]> =>
      arrived.policyId ? Promise.resolve([]) : localDb.policies.toArray().then((all) => all.sort((a, b) => policyText(a).title.localeCompare(policyText(b).title))),
    [arrived.policyId],
  );
  const id = useId();

  const [form, setForm] = useState<ApplicationForm>(() => ({
    name: '',
    address: '',
    nid: '',
    dateOfBirth: '',
    phone: '',
    nomineeName: '',
    nomineeNid: '',
    relationship: '',
    healthConditions: [],
    ...draft?.form,
    policyId: arrived.policyId ?? draft?.form.policyId ?? '',
  }));
  // The chosen policy's age range (issue 29): told beside the date of birth and checked before sending.
  const chosenPolicy = arrived.policyId ? carriedPolicy : policyChoices?.find((policy) => policy.id === form.policyId);
  // What the application will record: the quoted cover's premium for this applicant and policy.
  const premium = premiumToRecord(estimatedPremium, quote, chosenPolicy, form.dateOfBirth);
  // A second application starts with the address and NID of the person's last one (issue 48).
  const previous = usePreviousApplicant(session.user?.email ?? null);
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !previous) return;
    prefilled.current = true;
    setForm((f) => (f.address || f.nid ? f : { ...f, address: previous.address, nid: previous.nid }));
  }, [previous]);
  const [nameTouched, setNameTouched] = useState(draft?.nameTouched ?? false);
  const [sent, setSent] = useState(false);
  // Signed out with the form open: the sign-out removed the draft (start.ts), and it is not
  // written back under the visitor's key for the next person at this device.
  const lastUser = useRef(userId);
  const signedOutHere = useRef(false);
  useEffect(() => {
    if (lastUser.current !== null && userId === null) signedOutHere.current = true;
    lastUser.current = userId;
    if (!sent && !signedOutHere.current) saveDraft(userId, { form, nameTouched, estimatedPremium, quote });
  }, [userId, form, nameTouched, estimatedPremium, quote, sent]);
  // Opened to correct an application the server refused from the outbox: its reasons at once.
  const [errors, setErrors] = useState<ApplicationErrors>(() =>
    Object.fromEntries(Object.entries(arrived.refusedFields ?? {}).map(([field, message]) => [field, fieldMessage(message)])),
  );
  const [refusal, setRefusal] = useState<ReactNode>(null);
  const [submitting, setSubmitting] = useState(false);
  // Documents and photos (issue 27): prepared as they are chosen, kept with the write on submit,
  // each one chosen before the tap, a photo still being prepared too (issue 47).
  const documents = useChosenDocuments();

  // The name starts as the account's name until the applicant edits it.
  const name = nameTouched ? form.name : form.name || session.user?.name || '';
  // A phone account's stand-in address is no one's: the form shows no email then (the phone is below).
  const accountEmail = session.user?.email ?? '';
  const email = shownEmail(accountEmail);
  const loginLink = (
    <Link to="/login" state={{ from: { pathname: location.pathname, search: location.search, state: location.state } }}>
      {t('apply.loginToContinue')}
    </Link>
  );

  const set = (field: Exclude<keyof ApplicationForm, 'healthConditions'>) => (event: { target: { value: string } }) => {
    if (field === 'name') setNameTouched(true);
    setForm((f) => ({ ...f, [field]: event.target.value }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(null);
    const values = { ...form, name };
    const checked = checkApplication(values, premium, chosenPolicy ?? null);
    const { request } = checked;
    const found: ApplicationErrors = { ...checked.errors };
    if (chosenPolicy && coverOverPolicy(quote, chosenPolicy)) found.estimatedPremium = t('apply.coverOverPolicy', { max: formatMoney(chosenPolicy.coverageRange) });
    setErrors(found);
    const first = fieldOrder.find((f) => found[f]);
    if (first || !request || found.estimatedPremium) {
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    if (session.status !== 'signed-in' || !session.user) {
      setRefusal(<>User not authenticated. {loginLink}</>);
      return;
    }
    if (!session.user.email) {
      setRefusal(t('apply.emailRequired'));
      return;
    }
    setSubmitting(true);
    try {
      const outcome = await submitApplication({ ...request, quote }, await documents.whenPrepared());
      setSent(true);
      clearDraft(userId);
      if (outcome.status === 'queued') {
        showToast('info', t('apply.saved'), t('apply.savedOffline'), 4000);
      } else if (outcome.status === 'slow') {
        showToast('info', t('apply.saved'), t('apply.savedSlow'), 4000);
      } else {
        showToast('success', t('apply.submitted'), t('apply.submittedText'), 3000);
      }
      // The dashboard offers notifications once (issue 28): the moment they are wanted. Its code
      // is a signed-in person's, kept after sign-in, not in a visitor's precache (decision 0087).
      await import('../../components/notification-permission.tsx').then((offer) => offer.offerNotificationsNext()).catch(() => undefined);
      navigate('/dashboard/myApplication');
    } catch (error) {
      if (error instanceof ApiRequestError && error.body?.fields) {
        setErrors(serverFieldErrors(error));
      }
      if (error instanceof ApiRequestError && error.status === 401) {
        setRefusal(<>User not authenticated. {loginLink}</>);
      } else {
        setRefusal(messageOf(error, error instanceof TypeError ? t('apply.unreachable') : t('apply.failed')));
      }
    } finally {
      setSubmitting(false);
    }
  }

  const describedBy = (field: ApplicationField, hint?: string) =>
    [hint, errors[field] ? `${id}-${field}-error` : null].filter(Boolean).join(' ') || undefined;
  const inputProps = (field: ApplicationField, hint?: string) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field, hint),
  });
  const fieldError = (field: ApplicationField) =>
    errors[field] ? <p className="field__error" id={`${id}-${field}-error`}>{errors[field]}</p> : null;

  return (
    <section className="container apply">
      <h1>{t('apply.heading')}</h1>
      {session.status === 'signed-out' && (
        <p className="form-message apply__notice">You need to be logged in to apply. {loginLink}</p>
      )}
      <form className="apply__form" noValidate onSubmit={submit}>
        {arrived.policyId ? (
          <div className="field">
            <label htmlFor={`${id}-policyId`}>{t('apply.policy')}</label>
            <input id={`${id}-policyId`} readOnly value={(carriedPolicy && policyText(carriedPolicy).title) ?? arrived.policyTitle ?? arrived.policyId} />
          </div>
        ) : (
          <div className="field">
            <label htmlFor={`${id}-policyId`}>{t('apply.policy')}</label>
            <select {...inputProps('policyId')} value={form.policyId} onChange={set('policyId')}>
              <option value="">{policyChoices === undefined ? t('apply.loadingPolicies') : t('apply.choosePolicy')}</option>
              {policyChoices?.map((policy) => (
                <option key={policy.id} value={policy.id}>{policyText(policy).title}</option>
              ))}
            </select>
            {fieldError('policyId')}
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('apply.name')}</label>
          <input {...inputProps('name')} autoComplete="name" value={name} onChange={set('name')} />
          {fieldError('name')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-dateOfBirth`}>{t('eligibility.dateOfBirth')}</label>
          <input {...inputProps('dateOfBirth', chosenPolicy ? `${id}-ages` : undefined)} type="date" autoComplete="bday" value={form.dateOfBirth} onChange={set('dateOfBirth')} />
          {chosenPolicy && <p className="apply__hint" id={`${id}-ages`}>{ageRangeText(chosenPolicy)}</p>}
          {fieldError('dateOfBirth')}
        </div>
        {(email || !accountEmail) && (
          <div className="field">
            <label htmlFor={`${id}-email`}>{t('apply.email')}</label>
            <input id={`${id}-email`} type="email" readOnly value={email} placeholder={session.status === 'signed-in' ? '' : t('apply.loginToFill')} />
          </div>
        )}
        {quote && (
          <div className="field">
            <label htmlFor={`${id}-coverage`}>{t('apply.coverage')}</label>
            <input id={`${id}-coverage`} readOnly value={formatMoney(quote.coverage)} />
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-estimatedPremium`}>{t('apply.premium')}</label>
          <input
            {...inputProps('estimatedPremium', quote && chosenPolicy ? `${id}-premium-for` : undefined)}
            readOnly
            value={premium === null ? '' : formatMoney(premium, { fractionDigits: 2 })}
            placeholder={t('apply.notEstimated')}
          />
          {quote && chosenPolicy && (
            <p className="apply__hint" id={`${id}-premium-for`}>{t('apply.premiumFor', { years: formatNumber(chosenPolicy.duration) })}</p>
          )}
          {fieldError('estimatedPremium')}
          {estimatedPremium === null && (
            <p className="apply__hint">
              <Link to="/get-quote" state={arrived.policyId ? { policyId: arrived.policyId, policyTitle: arrived.policyTitle } : undefined}>
                {t('apply.getQuote')}
              </Link>{' '}
              {t('apply.getQuoteFirst')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-address`}>{t('apply.address')}</label>
          <textarea {...inputProps('address')} autoComplete="street-address" rows={3} value={form.address} onChange={set('address')} />
          {fieldError('address')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-nid`}>{t('apply.nid')}</label>
          <input {...inputProps('nid')} inputMode="numeric" value={form.nid} onChange={set('nid')} />
          {fieldError('nid')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-phone`}>{t('apply.phone')}</label>
          <input {...inputProps('phone')} type="tel" autoComplete="tel" value={form.phone} onChange={set('phone')} />
          {fieldError('phone')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-nomineeName`}>{t('apply.nominee')}</label>
          <input {...inputProps('nomineeName')} value={form.nomineeName} onChange={set('nomineeName')} />
          {fieldError('nomineeName')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-nomineeNid`}>{t('apply.nomineeNid')}</label>
          <input {...inputProps('nomineeNid', `${id}-nomineeNid-hint`)} inputMode="numeric" autoComplete="off" value={form.nomineeNid} onChange={set('nomineeNid')} />
          <p className="apply__hint" id={`${id}-nomineeNid-hint`}>{t('apply.nomineeNidHint')}</p>
          {fieldError('nomineeNid')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-relationship`}>{t('apply.relationship')}</label>
          <select {...inputProps('relationship')} value={form.relationship} onChange={set('relationship')}>
            <option value="">{t('apply.chooseRelationship')}</option>
            {nomineeRelationshipChoices.map((r) => (
              <option key={r} value={r}>{relationshipLabel(r)}</option>
            ))}
          </select>
          {fieldError('relationship')}
        </div>
        {/* Issue 49: how often the premium is paid once the policy is in force; monthly unless chosen. */}
        <div className="field">
          <label htmlFor={`${id}-premiumMode`}>{t('apply.premiumMode')}</label>
          <select {...inputProps('premiumMode')} value={form.premiumMode ?? defaultPremiumMode} onChange={set('premiumMode')}>
            {premiumModes.map((mode) => (
              <option key={mode} value={mode}>{t(premiumModeLabels[mode])}</option>
            ))}
          </select>
          {fieldError('premiumMode')}
        </div>
        <fieldset className="field apply__conditions">
          <legend>{t('apply.health')}</legend>
          {healthConditionChoices.map((condition) => (
            <label key={condition} className="apply__check">
              <input
                type="checkbox"
                name="healthConditions"
                value={condition}
                checked={form.healthConditions.includes(condition)}
                onChange={(event) =>
                  setForm((f) => ({ ...f, healthConditions: toggleCondition(f.healthConditions, condition, event.target.checked) }))
                }
              />
              {healthLabel(condition)}
            </label>
          ))}
        </fieldset>
        <DocumentField
          kinds={applicationDocumentKinds}
          chosen={documents}
          userId={session.user?.id ?? null}
          legend={t('documents.applicationHeading')}
        />
        <div role="alert" className="apply__refusal">
          {refusal && <p className="form-message form-message--error">{refusal}</p>}
        </div>
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? t('apply.submitting') : t('apply.submit')}
        </button>
      </form>
    </section>
  );
}
