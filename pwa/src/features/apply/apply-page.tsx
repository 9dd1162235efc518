/**
 * The policy application (/policy-apply-from, spelling kept from the spec). The estimated
 * monthly premium, and the policy when the visitor came from one, arrive in the navigation
 * state from the quote page. Sending goes through submitApplication (one function, so the
 * offline outbox can take it over).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { healthConditionChoices } from 'edge-api/src/schemas/application.ts';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { showToast } from '../../components/toast.tsx';
import { useMoneyFont } from '../../components/use-money-font.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { localDb, type Policy } from '../../lib/local-db.ts';
import { useSession } from '../../lib/use-session.ts';
import { clearDraft, loadDraft, saveDraft } from './application-draft.ts';
import { checkApplication, fieldOrder, toggleCondition, type ApplicationErrors, type ApplicationField, type ApplicationForm } from './application-rules.ts';
import { submitApplication } from './submit-application.ts';
import './apply.css';
import { formatMoney } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';

interface ArrivedWith {
  estimatedPremium?: number;
  policyId?: string;
  policyTitle?: string;
}

const relationships = ['Spouse', 'Parent', 'Child', 'Sibling', 'Other'];

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
  const carriedPolicy = useLiveQuery(() => (arrived.policyId ? localDb.policies.get(arrived.policyId) : undefined), [arrived.policyId]);
  const policyChoices = useLiveQuery(
    (): Promise<Policy[]> => (arrived.policyId ? Promise.resolve([]) : localDb.policies.toArray().then((all) => all.sort((a, b) => a.title.localeCompare(b.title)))),
    [arrived.policyId],
  );
  const id = useId();

  const [form, setForm] = useState<ApplicationForm>(() => ({
    name: '',
    address: '',
    nid: '',
    phone: '',
    nomineeName: '',
    relationship: '',
    healthConditions: [],
    ...draft?.form,
    policyId: arrived.policyId ?? draft?.form.policyId ?? '',
  }));
  const [nameTouched, setNameTouched] = useState(draft?.nameTouched ?? false);
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (!sent) saveDraft(userId, { form, nameTouched, estimatedPremium });
  }, [userId, form, nameTouched, estimatedPremium, sent]);
  const [errors, setErrors] = useState<ApplicationErrors>({});
  const [refusal, setRefusal] = useState<ReactNode>(null);
  const [submitting, setSubmitting] = useState(false);

  // The name starts as the account's name until the applicant edits it.
  const name = nameTouched ? form.name : form.name || session.user?.name || '';
  const email = session.user?.email ?? '';
  const loginLink = (
    <Link to="/login" state={{ from: { pathname: location.pathname, search: location.search, state: location.state } }}>
      Log in to continue
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
    const { errors: found, request } = checkApplication(values, estimatedPremium);
    setErrors(found);
    const first = fieldOrder.find((f) => found[f]);
    if (first || !request) {
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    if (session.status !== 'signed-in' || !session.user) {
      setRefusal(<>User not authenticated. {loginLink}</>);
      return;
    }
    if (!session.user.email) {
      setRefusal('User email is required to submit application.');
      return;
    }
    setSubmitting(true);
    try {
      const outcome = await submitApplication(request);
      setSent(true);
      clearDraft(userId);
      if (outcome.status === 'queued') {
        showToast('info', 'Application saved', 'You are offline: it will be sent as soon as you are back online.', 4000);
      } else if (outcome.status === 'slow') {
        showToast('info', 'Application saved', 'The connection is slow: it is saved on this device and will be sent as soon as the server answers.', 4000);
      } else {
        showToast('success', 'Application submitted', 'We will review it and assign an agent soon.', 3000);
      }
      navigate('/dashboard/myApplication');
    } catch (error) {
      if (error instanceof ApiRequestError && error.body?.fields) {
        setErrors(error.body.fields as ApplicationErrors);
      }
      if (error instanceof ApiRequestError && error.status === 401) {
        setRefusal(<>User not authenticated. {loginLink}</>);
      } else {
        setRefusal(messageOf(error, error instanceof TypeError ? 'Could not reach the server. Please check your connection and try again.' : 'Something went wrong while submitting.'));
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
      <h1>Apply for a Policy</h1>
      {session.status === 'signed-out' && (
        <p className="form-message apply__notice">You need to be logged in to apply. {loginLink}</p>
      )}
      <form className="apply__form" noValidate onSubmit={submit}>
        {arrived.policyId ? (
          <div className="field">
            <label htmlFor={`${id}-policyId`}>Policy</label>
            <input id={`${id}-policyId`} readOnly value={carriedPolicy?.title ?? arrived.policyTitle ?? arrived.policyId} />
          </div>
        ) : (
          <div className="field">
            <label htmlFor={`${id}-policyId`}>Policy</label>
            <select {...inputProps('policyId')} value={form.policyId} onChange={set('policyId')}>
              <option value="">{policyChoices === undefined ? 'Loading policies…' : 'Choose a policy'}</option>
              {policyChoices?.map((policy) => (
                <option key={policy.id} value={policy.id}>{policy.title}</option>
              ))}
            </select>
            {fieldError('policyId')}
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input {...inputProps('name')} autoComplete="name" value={name} onChange={set('name')} />
          {fieldError('name')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} type="email" readOnly value={email} placeholder={session.status === 'signed-in' ? '' : 'Log in to fill this in'} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-estimatedPremium`}>Estimated premium (monthly)</label>
          <input
            {...inputProps('estimatedPremium')}
            readOnly
            value={estimatedPremium === null ? '' : formatMoney(estimatedPremium, { fractionDigits: 2 })}
            placeholder="Not estimated yet"
          />
          {fieldError('estimatedPremium')}
          {estimatedPremium === null && (
            <p className="apply__hint">
              <Link to="/get-quote" state={arrived.policyId ? { policyId: arrived.policyId, policyTitle: arrived.policyTitle } : undefined}>
                Get a free quote
              </Link>{' '}
              first to estimate your premium.
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-address`}>Address</label>
          <textarea {...inputProps('address')} autoComplete="street-address" rows={3} value={form.address} onChange={set('address')} />
          {fieldError('address')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-nid`}>NID number</label>
          <input {...inputProps('nid')} inputMode="numeric" value={form.nid} onChange={set('nid')} />
          {fieldError('nid')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-phone`}>Phone (optional)</label>
          <input {...inputProps('phone')} type="tel" autoComplete="tel" value={form.phone} onChange={set('phone')} />
          {fieldError('phone')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-nomineeName`}>Nominee name</label>
          <input {...inputProps('nomineeName')} value={form.nomineeName} onChange={set('nomineeName')} />
          {fieldError('nomineeName')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-relationship`}>Relationship with nominee</label>
          <select {...inputProps('relationship')} value={form.relationship} onChange={set('relationship')}>
            <option value="">Choose a relationship</option>
            {relationships.map((r) => (
              <option key={r} value={r}>{r}</option>
            ))}
          </select>
          {fieldError('relationship')}
        </div>
        <fieldset className="field apply__conditions">
          <legend>Health conditions</legend>
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
              {condition}
            </label>
          ))}
        </fieldset>
        <div role="alert" className="apply__refusal">
          {refusal && <p className="form-message form-message--error">{refusal}</p>}
        </div>
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit Application'}
        </button>
      </form>
    </section>
  );
}
