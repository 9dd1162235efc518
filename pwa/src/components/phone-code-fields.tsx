/**
 * The two inputs of every code flow (issue 50: signing in, a reset, confirming the profile's
 * number): the mobile number (`tel`, the phone's number pad and its autofill) and the 6-digit
 * code (a numeric keypad, and `one-time-code` so the phone offers the code from the SMS).
 * Labels, hints and errors are tied to the input for screen readers; the screens give the
 * labels (their own texts, loaded with them).
 */
import { asciiDigits } from 'edge-api/src/schemas/digits.ts';
import { bdMobileRequired, oneTimeCode } from 'edge-api/src/schemas/phone-accounts.ts';
import { fieldMessage } from '../lib/i18n/field-messages.ts';
import './phone-code-fields.css';

/** The number as the server checks it: +8801XXXXXXXXX, or the message why not (in the page's language). */
export function checkMobileNumber(typed: string): { ok: true; phone: string } | { ok: false; problem: string } {
  const checked = bdMobileRequired.safeParse(typed);
  return checked.success ? { ok: true, phone: checked.data } : { ok: false, problem: fieldMessage(checked.error.issues[0]?.message ?? '') };
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

export function MobileNumberField({ id, label, hint, value, onChange, error, disabled }: FieldProps & { hint: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="01712345678"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-hint`, error && `${id}-error`)}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="field__hint" id={`${id}-hint`}>{hint}</p>
      {error && <p className="field__error" id={`${id}-error`}>{error}</p>}
    </div>
  );
}

/** Six digits, whatever the keyboard typed (Bengali digits too); the rest is dropped as typed. */
export const cleanCode = (typed: string) => asciiDigits(typed).replace(/\D/g, '').slice(0, 6);

export function CodeField({ id, label, value, onChange, error, disabled }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="code-field"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${id}-error`)}
        onChange={(event) => onChange(cleanCode(event.target.value))}
      />
      {error && <p className="field__error" id={`${id}-error`}>{error}</p>}
    </div>
  );
}

/** The code as the server checks it, before sending: six digits. */
export const codeProblem = (code: string) => {
  const checked = oneTimeCode.safeParse(code);
  return checked.success ? undefined : fieldMessage(checked.error.issues[0]?.message ?? '');
};
