/**
 * The application form's draft, kept on this device per user (localStorage: synchronous, so
 * the form opens filled on the first paint, offline too). A visitor's draft is taken over by
 * whoever signs in from the form; it is removed once the application is sent or queued.
 * Nothing leaves the device: it is the same data the person is about to send us anyway.
 */
import type { ApplicationForm } from './application-rules.ts';
import type { CarriedQuote } from './quoted-cover.ts';

export interface ApplicationDraft {
  form: ApplicationForm;
  /** Whether the applicant edited the name (else it follows the account's name). */
  nameTouched: boolean;
  /** Poisha (issue 26); a draft kept before that (no `premiumIn`) held taka, so its premium is dropped. */
  estimatedPremium: number | null;
  premiumIn?: 'poisha';
  /** The quote's cover and answers (issue 48), read back through carriedQuoteOf. */
  quote?: CarriedQuote | null;
}

const visitor = 'visitor';
const prefix = 'application-draft:';
const keyOf = (userId: string | null) => `${prefix}${userId ?? visitor}`;

function read(key: string): ApplicationDraft | null {
  try {
    const draft = JSON.parse(localStorage.getItem(key) ?? 'null') as ApplicationDraft | null;
    if (!draft || typeof draft.form !== 'object') return null;
    // The person gets a quote again rather than send a taka premium read as poisha.
    return draft.premiumIn === 'poisha' ? draft : { ...draft, estimatedPremium: null };
  } catch {
    return null;
  }
}

/** The user's own draft, else one begun before signing in on this device. */
export function loadDraft(userId: string | null): ApplicationDraft | null {
  return read(keyOf(userId)) ?? (userId ? read(keyOf(null)) : null);
}

const isEmpty = ({ form, nameTouched }: ApplicationDraft) =>
  !nameTouched && !form.address && !form.nid && !form.phone && !form.nomineeName && !form.nomineeNid && !form.relationship && form.healthConditions.length === 0;

export function saveDraft(userId: string | null, draft: ApplicationDraft): void {
  try {
    if (isEmpty(draft)) return;
    localStorage.setItem(keyOf(userId), JSON.stringify({ ...draft, premiumIn: 'poisha' }));
    // Taken over by the signed-in user: the visitor's copy goes.
    if (userId) localStorage.removeItem(keyOf(null));
  } catch {
    // Storage full or blocked: the form still works, it is just not kept.
  }
}

/**
 * At sign-out, every draft on this device goes (issue 24): an address and NID typed in must not
 * wait for the next person at a shared device (decision 0069).
 */
export function clearAllDrafts(): void {
  const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
  for (const key of keys) if (key?.startsWith(prefix)) localStorage.removeItem(key);
}

export function clearDraft(userId: string | null): void {
  localStorage.removeItem(keyOf(userId));
  localStorage.removeItem(keyOf(null));
}
