/**
 * Why an application is rejected (issue 29): a reason from the shared schema's short list and the
 * rejecter's own words, which the customer reads on My Policies. One block, used by the agent's
 * reject dialog and the admin's reject on Manage Applications alike.
 */
import { rejectionReasons, type RejectionReason } from 'edge-api/src/schemas/eligibility.ts';
import type { RejectionGroundsInput } from 'edge-api/src/schemas/application.ts';
import { useId, useState } from 'react';
import { rejectionReasonLabel } from './rejection-reason.ts';
import { t } from '../lib/i18n/runtime.ts';

export interface RejectReasonValue {
  reason: RejectionReason | '';
  note: string;
}

export const noReasonYet: RejectReasonValue = { reason: '', note: '' };

/** The reason (required) and a note (optional, at most 500 characters as the server takes it). */
export function RejectReasonFields({ value, onChange, error }: { value: RejectReasonValue; onChange: (value: RejectReasonValue) => void; error: boolean }) {
  const id = useId();
  return (
    <div className="reject-reason">
      <div className="field">
        <label htmlFor={`${id}-reason`}>{t('rejection.field')}</label>
        <select
          id={`${id}-reason`}
          value={value.reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-reason-error` : undefined}
          onChange={(event) => onChange({ ...value, reason: event.target.value as RejectionReason | '' })}
        >
          <option value="">{t('rejection.choose')}</option>
          {rejectionReasons.map((reason) => (
            <option key={reason} value={reason}>{rejectionReasonLabel(reason)}</option>
          ))}
        </select>
        {error && <p className="field__error" id={`${id}-reason-error`}>{t('rejection.required')}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>{t('rejection.note')}</label>
        <textarea id={`${id}-note`} rows={3} maxLength={500} value={value.note} onChange={(event) => onChange({ ...value, note: event.target.value })} />
      </div>
    </div>
  );
}

/**
 * The fields' state and the refusal of a confirmation without a reason: `take()` answers the
 * grounds to send, or null (and shows the message) when no reason was chosen.
 */
export function useRejectReason() {
  const [value, setValue] = useState<RejectReasonValue>(noReasonYet);
  const [missing, setMissing] = useState(false);
  const fields = (
    <RejectReasonFields value={value} onChange={(next) => { setValue(next); if (next.reason) setMissing(false); }} error={missing} />
  );
  function take(): RejectionGroundsInput | null {
    if (!value.reason) {
      setMissing(true);
      return null;
    }
    const note = value.note.trim();
    return { reason: value.reason, ...(note ? { note } : {}) };
  }
  function reset() {
    setValue(noReasonYet);
    setMissing(false);
  }
  return { fields, take, reset };
}
