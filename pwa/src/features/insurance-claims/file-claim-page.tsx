/**
 * /dashboard/claims/new (issue 31): the policyholder, or the nominee with the policy number, the
 * insured's NID and their own NID (the nominee's on the policy, issue 47), files a claim. It works offline: the claim's id and number are made here,
 * the filing waits in the outbox like an application, and the claimant sees the number and the
 * due date at once. Each paper the kind needs is photographed here (the documents pipeline,
 * issue 27), stashed with the filing's mutation id and sent to the claim's id after the filing.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { policyNumberOf } from 'edge-api/src/schemas/policy-number.ts';
import {
  claimDateProblem, claimInput, claimKinds, dhakaToday, newClaimNumber, payoutMethods, policyDatesOf, requiredDocuments,
  type ClaimantRelation, type ClaimDateProblem, type ClaimKind, type PayoutMethod,
} from 'edge-api/src/schemas/claim.ts';
import { useChosenDocuments } from '../../components/use-chosen-documents.ts';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError, type ApiErrorBody } from '../../lib/api-error.ts';
import { claimFailureText } from './claim-refusals.tsx';
import { DistrictSelect } from '../../components/district-select.tsx';
import { fieldErrors } from '../../lib/form-errors.ts';
import { localDb } from '../../lib/local-db.ts';
import { useSession } from '../../lib/use-session.ts';
import { fieldMessage } from '../../lib/i18n/field-messages.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { dateProblemText } from './claim-texts.ts';
import { ClaimPapersField } from './claim-papers-field.tsx';
import { kindLabel, methodLabel } from './claim-texts.ts';
import { shownPolicyName } from '../../components/policy-text.ts';
import { fileClaim } from './queue-claim.ts';
import './claims.css';

type Field = 'policyNumber' | 'insuredNid' | 'claimantNid' | 'relation' | 'kind' | 'eventDate' | 'description' | 'district' | 'payoutAccount' | 'payoutBankName' | 'payoutMethod';

/** The server's field messages in the page's language; a date's, with the day it is about. */
function serverFieldErrors({ fields = {}, details }: ApiErrorBody): Partial<Record<Field, string>> {
  const shown: Partial<Record<Field, string>> = {};
  for (const [field, message] of Object.entries(fields)) shown[field as Field] = fieldMessage(message);
  if (fields.eventDate) shown.eventDate = dateProblemText({ message: fields.eventDate, details: details as ClaimDateProblem['details'] });
  return shown;
}

/** Which kinds each claimant may file: the insured's death by the nominee, maturity by the holder. */
const kindsFor = (relation: ClaimantRelation): ClaimKind[] => claimKinds.filter((kind) => (relation === 'nominee' ? kind !== 'maturity' : kind !== 'death'));

export function FileClaimPage() {
  usePageTitle(t('claims.fileHeading'));
  const { user } = useSession();
  const navigate = useNavigate();
  const formId = useId();
  // The person's own policies in force, from the device's copy (offline too).
  const policies = useLiveQuery(
    async () => (await localDb.applications.toArray()).filter((a) => a.userEmail.toLowerCase() === (user?.email ?? '').toLowerCase() && a.status === 'approved' && a.paymentStatus === 'paid'),
    [user?.email],
  );
  const [relation, setRelation] = useState<ClaimantRelation>('nominee');
  const [policyNumber, setPolicyNumber] = useState('');
  const [insuredNid, setInsuredNid] = useState('');
  const [claimantNid, setClaimantNid] = useState('');
  const [kind, setKind] = useState<ClaimKind>('death');
  const [eventDate, setEventDate] = useState('');
  const [description, setDescription] = useState('');
  const [district, setDistrict] = useState('');
  const [payoutMethod, setPayoutMethod] = useState<PayoutMethod>('bkash');
  const [payoutAccount, setPayoutAccount] = useState('');
  const [payoutBankName, setPayoutBankName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const papers = useChosenDocuments();

  const chooseRelation = (next: ClaimantRelation) => {
    setRelation(next);
    if (!kindsFor(next).includes(kind)) setKind(kindsFor(next)[0]!);
    if (next === 'policyholder' && policies?.[0]) setPolicyNumber(policies[0].id);
  };
  const ownPolicy = relation === 'policyholder' ? policies?.find((p) => p.id === policyNumber) : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const request = {
      id: crypto.randomUUID(),
      claimNumber: newClaimNumber(),
      policyNumber,
      insuredNid: ownPolicy ? ownPolicy.nid : insuredNid,
      relation,
      claimantNid: relation === 'nominee' ? claimantNid : null,
      kind,
      eventDate,
      description,
      district,
      payoutMethod,
      payoutAccount,
      payoutBankName: payoutMethod === 'bank' ? payoutBankName : null,
    };
    const checked = claimInput.safeParse(request);
    if (!checked.success) {
      setErrors(fieldErrors<Field>(checked.error));
      return;
    }
    const catalogue = ownPolicy?.policyId ? await localDb.policies.get(ownPolicy.policyId) : undefined;
    // The server's date rules, with what this device knows: today in Dhaka, and the policy's own
    // start and term when it is the holder's (a nominee's policy is known to the server only).
    const known = policyDatesOf(ownPolicy?.papers?.certificate?.startsAt ?? null, catalogue?.duration ?? null);
    const dateProblem = claimDateProblem(checked.data, dhakaToday(new Date()), known);
    if (dateProblem) {
      setErrors({ eventDate: dateProblemText(dateProblem) });
      return;
    }
    setErrors({});
    setProblem(null);
    setBusy(true);
    try {
      // Every paper chosen before the tap, a photo still being prepared too (issue 47).
      const chosen = await papers.whenPrepared();
      const outcome = await fileClaim({
        ...checked.data,
        policyName: ownPolicy?.policyName ?? t('claims.policyByNumber', { number: policyNumber }),
        policyNameBn: ownPolicy?.policyNameBn ?? null,
        insuredName: ownPolicy?.name ?? '—',
        shownPolicyNumber: (ownPolicy && policyNumberOf(ownPolicy)) ?? policyNumber,
        coveragePoisha: ownPolicy?.coveragePoisha ?? (catalogue ? catalogue.coverageRange : 0),
      }, chosen.filter((doc) => (requiredDocuments[kind] as readonly string[]).includes(doc.paper ?? '')));
      if (outcome.state === 'sent') showToast('success', t('claims.filedToast', { number: request.claimNumber }));
      else showToast('info', t('claims.filedToast', { number: request.claimNumber }), outcome.offline ? t('claims.savedOffline') : t('claims.savedSlow'), 5000);
      navigate(`/dashboard/claims/${request.id}`);
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.body?.fields) setErrors(serverFieldErrors(failure.body));
      // Why, in the page's language: an open claim of this kind, a policy not in force... (issue 48).
      setProblem(claimFailureText(failure, t('claims.fileFailed')));
    } finally {
      setBusy(false);
    }
  }

  const error = (field: Field) =>
    errors[field] ? <p className="field__error" id={`${formId}-${field}-error`}>{errors[field]}</p> : null;
  const described = (field: Field) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${formId}-${field}-error` } : {});

  return (
    <section className="claims">
      <h1>{t('claims.fileHeading')}</h1>
      <form className="claim__form" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="claim__choices">
          <legend>{t('claims.iAm')}</legend>
          <label><input type="radio" name="relation" checked={relation === 'nominee'} onChange={() => chooseRelation('nominee')} /> {t('claims.relation.nominee')}</label>
          <label><input type="radio" name="relation" checked={relation === 'policyholder'} onChange={() => chooseRelation('policyholder')} /> {t('claims.relation.policyholder')}</label>
        </fieldset>
        {relation === 'policyholder' && policies && policies.length > 0 ? (
          <div className="field">
            <label htmlFor={`${formId}-policy`}>{t('claims.yourPolicy')}</label>
            <select id={`${formId}-policy`} value={policyNumber} onChange={(event) => setPolicyNumber(event.target.value)} {...described('policyNumber')}>
              <option value="">{t('claims.choosePolicy')}</option>
              {policies.map((policy) => (
                <option key={policy.id} value={policy.id}>{`${shownPolicyName(policy)} (${policyNumberOf(policy) ?? policy.id})`}</option>
              ))}
            </select>
            {error('policyNumber')}
          </div>
        ) : (
          <>
            {relation === 'policyholder' && <p className="claims__lead">{t('claims.noPoliciesHere')}</p>}
            <div className="field">
              <label htmlFor={`${formId}-number`}>{t('claims.policyNumber')}</label>
              <input id={`${formId}-number`} value={policyNumber} autoComplete="off" onChange={(event) => setPolicyNumber(event.target.value.trim())} {...described('policyNumber')} />
              {error('policyNumber')}
            </div>
            <div className="field">
              <label htmlFor={`${formId}-nid`}>{t('claims.insuredNid')}</label>
              <input id={`${formId}-nid`} inputMode="numeric" value={insuredNid} onChange={(event) => setInsuredNid(event.target.value)} {...described('insuredNid')} />
              {error('insuredNid')}
            </div>
          </>
        )}
        {relation === 'nominee' && (
          <div className="field">
            <label htmlFor={`${formId}-claimant-nid`}>{t('claims.claimantNid')}</label>
            <input
              id={`${formId}-claimant-nid`}
              inputMode="numeric"
              autoComplete="off"
              value={claimantNid}
              onChange={(event) => setClaimantNid(event.target.value)}
              aria-invalid={errors.claimantNid ? true : undefined}
              aria-describedby={[`${formId}-claimant-nid-hint`, errors.claimantNid ? `${formId}-claimantNid-error` : ''].join(' ').trim()}
            />
            <p className="claims__hint" id={`${formId}-claimant-nid-hint`}>{t('claims.claimantNidHint')}</p>
            {error('claimantNid')}
          </div>
        )}
        <div className="field">
          <label htmlFor={`${formId}-kind`}>{t('claims.kindLabel')}</label>
          <select id={`${formId}-kind`} value={kind} onChange={(event) => setKind(event.target.value as ClaimKind)} {...described('kind')}>
            {kindsFor(relation).map((choice) => (
              <option key={choice} value={choice}>{kindLabel(choice)}</option>
            ))}
          </select>
          {error('kind')}
        </div>
        <div className="claim__documents-box">
          <p>{t('claims.papersFor', { kind: kindLabel(kind) })}</p>
          <ClaimPapersField papers={requiredDocuments[kind]} chosen={papers} userId={user?.id ?? null} />
        </div>
        <div className="field">
          <label htmlFor={`${formId}-date`}>{t('claims.eventDate')}</label>
          <input id={`${formId}-date`} type="date" value={eventDate} max={dhakaToday(new Date())} onChange={(event) => setEventDate(event.target.value)} {...described('eventDate')} />
          {error('eventDate')}
        </div>
        <div className="field">
          <label htmlFor={`${formId}-description`}>{t('claims.descriptionLabel')}</label>
          <textarea id={`${formId}-description`} rows={3} value={description} onChange={(event) => setDescription(event.target.value)} {...described('description')} />
          {error('description')}
        </div>
        <div className="field">
          <label htmlFor={`${formId}-district`}>{t('claims.districtLabel')}</label>
          <DistrictSelect id={`${formId}-district`} value={district} autoComplete="address-level2" onChange={setDistrict} {...described('district')} />
          {error('district')}
        </div>
        <fieldset className="claim__choices">
          <legend>{t('claims.payoutLegend')}</legend>
          {payoutMethods.map((method) => (
            <label key={method}><input type="radio" name="payoutMethod" checked={payoutMethod === method} onChange={() => setPayoutMethod(method)} /> {methodLabel(method)}</label>
          ))}
        </fieldset>
        {payoutMethod === 'bank' && (
          <div className="field">
            <label htmlFor={`${formId}-bank`}>{t('claims.bankLabel')}</label>
            <input id={`${formId}-bank`} value={payoutBankName} onChange={(event) => setPayoutBankName(event.target.value)} {...described('payoutBankName')} />
            {error('payoutBankName')}
          </div>
        )}
        <div className="field">
          <label htmlFor={`${formId}-account`}>{payoutMethod === 'bank' ? t('claims.bankAccountLabel') : t('claims.walletLabel')}</label>
          <input id={`${formId}-account`} inputMode="numeric" value={payoutAccount} onChange={(event) => setPayoutAccount(event.target.value)} {...described('payoutAccount')} />
          {error('payoutAccount')}
        </div>
        {problem && <p className="form-message form-message--error" role="alert">{problem}</p>}
        <button type="submit" className="button" disabled={busy}>{busy ? t('claims.sending') : t('claims.fileSubmit')}</button>
      </form>
    </section>
  );
}
