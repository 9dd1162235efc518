/**
 * The agent request form (/requestAgent): a signed-in user asks to become an agent; an admin
 * decides on Manage Agents. The email is the session's, read-only (the server takes it from
 * the session too).
 */
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { agentRequestBody } from 'edge-api/src/schemas/auth.ts';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { answerOf, messageOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { useSession } from '../../lib/use-session.ts';
import './agent-request.css';
import { DistrictSelect } from '../../components/district-select.tsx';
import { fieldMessage } from '../../lib/i18n/field-messages.ts';
import { type MessageId, t } from '../../lib/i18n/runtime.ts';

type Field = 'name' | 'phone' | 'nid' | 'district';
const fields: { name: Field; label: MessageId; type: string; autoComplete: string; inputMode?: 'tel' | 'numeric' }[] = [
  { name: 'name', label: 'agentRequest.name', type: 'text', autoComplete: 'name' },
  { name: 'phone', label: 'agentRequest.phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  { name: 'nid', label: 'agentRequest.nid', type: 'text', autoComplete: 'off', inputMode: 'numeric' },
  { name: 'district', label: 'agentRequest.district', type: 'text', autoComplete: 'address-level2' },
];

async function submitAgentRequest(values: Record<Field, string>): Promise<{ message: string }> {
  const res = await api.agents.$post({ json: values });
  return answerOf(res);
}

export function AgentRequestPage() {
  usePageTitle(t('title.agentRequest'));
  const session = useSession();
  const location = useLocation();
  const [values, setValues] = useState<Record<Field, string>>({ name: session.user?.name ?? '', phone: '', nid: '', district: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const signedIn = session.status === 'signed-in' && session.user !== null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    if (!signedIn) {
      setResult({ ok: false, text: t('agentRequest.loginFirst') });
      return;
    }
    const checked = agentRequestBody.safeParse(values);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) found[issue.path[0] as Field] ??= fieldMessage(issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await submitAgentRequest(checked.data);
      setResult({ ok: true, text: answer.message });
      showToast('success', t('agentRequest.submitted'), answer.message);
      setValues({ name: values.name, phone: '', nid: '', district: '' });
    } catch (error) {
      setResult({ ok: false, text: messageOf(error, t('agentRequest.failed')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="container agent-request">
      <h1>{t('agentRequest.heading')}</h1>
      <p>{t('agentRequest.intro')}</p>
      <form className="agent-request__form" noValidate onSubmit={(event) => void submit(event)}>
        {fields.map((field) => (
          <div className="field" key={field.name}>
            <label htmlFor={`agent-${field.name}`}>{t(field.label)}</label>
            {field.name === 'district' ? (
              // Chosen from the 64, in the page's language (issue 48).
              <DistrictSelect
                id="agent-district"
                name="district"
                autoComplete={field.autoComplete}
                value={values.district}
                aria-invalid={errors.district ? true : undefined}
                aria-describedby={errors.district ? 'agent-district-error' : undefined}
                onChange={(district) => setValues({ ...values, district })}
              />
            ) : (
              <input
                id={`agent-${field.name}`}
                name={field.name}
                type={field.type}
                inputMode={field.inputMode}
                autoComplete={field.autoComplete}
                value={values[field.name]}
                aria-invalid={errors[field.name] ? true : undefined}
                aria-describedby={errors[field.name] ? `agent-${field.name}-error` : undefined}
                onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
              />
            )}
            {errors[field.name] && <p className="field__error" id={`agent-${field.name}-error`}>{errors[field.name]}</p>}
          </div>
        ))}
        <div className="field">
          <label htmlFor="agent-email">{t('agentRequest.email')}</label>
          <input id="agent-email" type="email" value={session.user?.email ?? ''} readOnly />
        </div>
        {result && (
          <p className={`form-message form-message--${result.ok ? 'success' : 'error'}`} role={result.ok ? 'status' : 'alert'}>
            {result.text}
            {!signedIn && !result.ok && (
              <>
                {' '}
                <Link to="/login" state={{ from: location.pathname }}>{t('agentRequest.login')}</Link>
              </>
            )}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>{busy ? t('agentRequest.submitting') : t('agentRequest.submit')}</button>
      </form>
    </section>
  );
}
