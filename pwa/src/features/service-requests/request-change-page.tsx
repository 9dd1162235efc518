/**
 * "Request a change" on a policy in force (issue 51): the nominee, the address or phone, or a
 * duplicate certificate. The rules are the server's (edge-api/src/schemas/service-request.ts);
 * the request goes through the outbox, so it can be made offline. A nominee change needs a
 * photo of the new nominee's NID (the documents' capture field), sent after the request. How often premiums are paid
 * changes from the policy's next anniversary (decision 0109).
 */
import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { Link, useParams } from 'react-router-dom';
import { nomineeRelationshipChoices } from 'edge-api/src/schemas/application.ts';
import { nomineeNidPhotoKind, nomineeNidPhotoPaper, premiumModes, serviceRequestInput, type ServiceRequestBody } from 'edge-api/src/schemas/service-request.ts';
import { DocumentField } from '../../components/document-field.tsx';
import { useChosenDocuments } from '../../components/use-chosen-documents.ts';
import { relationshipLabel } from '../../components/applicant-labels.ts';
import { shownPolicyName } from '../../components/policy-text.ts';
import { EmptyState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { modeLabel } from '../../lib/premiums/premium-labels.tsx';
import { fieldMessage } from '../../lib/i18n/field-messages.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { useSession } from '../../lib/use-session.ts';
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { useLocalApplications } from '../../lib/use-local-applications.ts';
import { kindLabel } from './kind-label.ts';
import { requestChange, type RequestOutcome } from './request-change.ts';

type Kind = 'nominee' | 'contact' | 'premium_mode' | 'duplicate_certificate';
const kinds: Kind[] = ['nominee', 'contact', 'premium_mode', 'duplicate_certificate'];

/** Why the server refused: a mode change while premiums are in arrears is said in the page's language. */
function failureText(error: unknown): string {
  const details = error instanceof ApiRequestError ? (error.body?.details as { kind?: string; arrearsMinor?: number } | undefined) : undefined;
  if (details?.kind === 'premium_mode' && details.arrearsMinor !== undefined) return t('service.premiumModeArrears');
  return messageOf(error, t('service.failed'));
}

export function RequestChangePage() {
  usePageTitle(t('service.requestHeading'));
  const { id = '' } = useParams();
  const { user } = useSession();
  // The holder's own policies: from the device's copy (offline too), else from the API.
  const email = user?.email ?? '';
  const mine = useLocalApplications('userEmail', email, async (signal) => answerOf(await api.applications.$get({ query: { email } }, { init: { signal } })));
  const formId = useId();
  const [kind, setKind] = useState<Kind>('nominee');
  const [fields, setFields] = useState({ nomineeName: '', relationship: '', nomineeNid: '', address: '', phone: '', mode: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<RequestOutcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const photos = useChosenDocuments();

  if (mine.status === 'loading') return <LoadingState>{t('service.loading')}</LoadingState>;
  const policy = mine.status === 'ready' ? mine.data.find((application) => application.id === id) : undefined;
  if (!policy?.papers?.certificate) return <EmptyState>{t('service.notInForce')}</EmptyState>;
  const policyName = shownPolicyName(policy);

  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const changes =
      kind === 'nominee'
        ? { nomineeName: fields.nomineeName, relationship: fields.relationship, nomineeNid: fields.nomineeNid }
        : kind === 'contact'
          ? { address: fields.address, phone: fields.phone }
          : kind === 'premium_mode'
            ? { mode: fields.mode }
            : {};
    const body = { applicationId: id, kind, changes } as ServiceRequestBody;
    const checked = serviceRequestInput.safeParse(body);
    const found: Record<string, string> = {};
    if (!checked.success) for (const issue of checked.error.issues) found[String(issue.path.at(-1))] ??= fieldMessage(issue.message);
    // The photo the staff check the new NID against: taken now, sent after the request.
    if (kind === 'nominee' && photos.current().length === 0) found.photo = t('service.nomineeNidPhotoRequired');
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      // Every photo chosen before the tap, one still being prepared too.
      const chosen = kind === 'nominee' ? await photos.whenPrepared() : [];
      setOutcome(await requestChange(body, policyName, chosen));
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  if (outcome) {
    return (
      <section className="service-request">
        <h1>{t('service.requestHeading')}</h1>
        <p role="status">{outcome === 'sent' ? t('service.sent') : t('service.queued')}</p>
        <p>
          <Link to={`/dashboard/policies/${id}/history`}>{t('service.historyLink')}</Link>
        </p>
      </section>
    );
  }

  const field = (name: keyof typeof fields, label: string, input: ReactElement) => (
    <div className="field">
      <label htmlFor={`${formId}-${name}`}>{label}</label>
      {input}
      {errors[name] && (
        <p className="field__error" id={`${formId}-${name}-error`} role="alert">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const described = (name: keyof typeof fields) => ({
    id: `${formId}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${formId}-${name}-error` : undefined,
  });

  return (
    <section className="service-request">
      <h1>{t('service.requestHeading')}</h1>
      <p>{t('service.requestIntro', { policy: policyName })}</p>
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend>{t('service.kindLegend')}</legend>
          {kinds.map((choice) => (
            <label key={choice} className="choice">
              <input type="radio" name="kind" value={choice} checked={kind === choice} onChange={() => setKind(choice)} /> {kindLabel(choice)}
            </label>
          ))}
        </fieldset>
        {kind === 'nominee' && (
          <>
            {field('nomineeName', t('service.nomineeName'), <input {...described('nomineeName')} value={fields.nomineeName} onChange={set('nomineeName')} autoComplete="off" />)}
            {field(
              'relationship',
              t('service.relationship'),
              <select {...described('relationship')} value={fields.relationship} onChange={set('relationship')}>
                <option value="">{t('service.choose')}</option>
                {nomineeRelationshipChoices.map((choice) => (
                  <option key={choice} value={choice}>
                    {relationshipLabel(choice)}
                  </option>
                ))}
              </select>,
            )}
            {field('nomineeNid', t('service.nomineeNid'), <input {...described('nomineeNid')} value={fields.nomineeNid} onChange={set('nomineeNid')} inputMode="numeric" autoComplete="off" />)}
            <DocumentField
              kinds={[nomineeNidPhotoKind]}
              userId={user?.id ?? null}
              paper={{ key: nomineeNidPhotoPaper, label: t('service.nomineeNidPhoto'), max: 1 }}
              chosen={photos}
            />
            {errors.photo && (
              <p className="field__error" role="alert">
                {errors.photo}
              </p>
            )}
          </>
        )}
        {kind === 'contact' && (
          <>
            {field('address', t('service.address'), <input {...described('address')} value={fields.address} onChange={set('address')} autoComplete="street-address" />)}
            {field('phone', t('service.phone'), <input {...described('phone')} value={fields.phone} onChange={set('phone')} inputMode="tel" autoComplete="tel" />)}
          </>
        )}
        {kind === 'premium_mode' && (
          <>
            {field(
              'mode',
              t('service.mode'),
              <select {...described('mode')} value={fields.mode} onChange={set('mode')}>
                <option value="">{t('service.choose')}</option>
                {premiumModes.map((mode) => (
                  <option key={mode} value={mode}>
                    {modeLabel(mode)}
                  </option>
                ))}
              </select>,
            )}
            <p className="hint">{t('service.premiumModeFrom')}</p>
          </>
        )}
        {kind === 'duplicate_certificate' && <p>{t('service.duplicateExplained')}</p>}
        {failure && <p role="alert">{failure}</p>}
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('service.send')}
        </button>
      </form>
    </section>
  );
}
