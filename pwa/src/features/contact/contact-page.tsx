/**
 * Contact (/contact). The message is stored for the admins' support inbox (issue 29; decisions.md
 * settles the spec's simulated send): signed in, through the outbox, so offline it is sent when
 * the network returns; the sender is told when to expect an answer, and nothing more.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { supportContact } from 'edge-api/src/schemas/support-contact.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { useSession } from '../../lib/use-session.ts';
import { useSubmittedBeforeHydration } from '../../lib/use-submitted-before-hydration.ts';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration.ts';
import './contact.css';
import { type MessageId, t } from '../../lib/i18n/runtime.ts';

// The sending code (outbox, local database) loads when the form is sent, not with the page.
const loadSender = () => import('./send-support-message.ts');

type Outcome = { kind: 'success' | 'error'; text: string } | null;
const outcomeId: Record<'sent' | 'queued' | 'slow' | 'offline-visitor', MessageId> = {
  sent: 'contact.sent',
  queued: 'contact.queued',
  slow: 'contact.slow',
  'offline-visitor': 'contact.offlineVisitor',
};

type Field = 'name' | 'email' | 'message';
const emptyForm: Record<Field, string> = { name: '', email: '', message: '' };

function check(form: Record<Field, string>): Partial<Record<Field, MessageId>> {
  const errors: Partial<Record<Field, MessageId>> = {};
  if (!form.name.trim()) errors.name = 'contact.nameRequired';
  if (!form.email.trim()) errors.email = 'contact.emailRequired';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) errors.email = 'contact.emailInvalid';
  if (!form.message.trim()) errors.message = 'contact.messageRequired';
  return errors;
}

export function ContactPage() {
  usePageTitle(t('title.contact'));
  const id = useId();
  const [form, setForm] = useState(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<Field, MessageId>>>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { user } = useSession();
  const formElement = useRef<HTMLFormElement>(null);
  // The contact page is prerendered: on a slow phone, what was typed and a Send pressed before the
  // app arrived are taken up once it has.
  useTypedBeforeHydration(() =>
    (['name', 'email', 'message'] as const).map((field) => ({
      element: document.getElementById(`${id}-${field}`) as HTMLInputElement | null,
      rendered: form[field],
      onTyped: (value: string) => setForm((f) => ({ ...f, [field]: value })),
    })),
  );
  useSubmittedBeforeHydration(formElement);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Signed in, the account's email is the sender's unless they typed another.
    const filled = { ...form, email: form.email.trim() || user?.email || '' };
    const found = check(filled);
    setErrors(found);
    setOutcome(null);
    const first = (['name', 'email', 'message'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSending(true);
    try {
      const { sendSupportMessage } = await loadSender();
      const result = await sendSupportMessage(filled);
      setOutcome({ kind: result === 'offline-visitor' ? 'error' : 'success', text: t(outcomeId[result]) });
      // A visitor offline keeps what they wrote, to send it later.
      if (result !== 'offline-visitor') setForm(emptyForm);
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.body?.fields : undefined;
      if (fields?.message) setErrors((current) => ({ ...current, message: 'contact.messageRequired' }));
      setOutcome({ kind: 'error', text: messageOf(error, t('contact.failed')) });
    } finally {
      setSending(false);
    }
  }

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    value: form[field],
    required: true,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
    onChange: (event: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [field]: event.target.value }));
      setOutcome(null);
    },
  });
  const fieldError = (field: Field) =>
    errors[field] ? <p className="field__error" id={`${id}-${field}-error`}>{t(errors[field])}</p> : null;

  return (
    <section className="container contact">
      <h1>{t('contact.heading')}</h1>
      <div className="contact__layout">
        {/* method="dialog": sent before the app has hydrated, the page is not reloaded and emptied (lib/early-submit.ts). */}
        <form ref={formElement} className="contact__form" method="dialog" noValidate onSubmit={(event) => void send(event)} onFocus={() => void loadSender()}>
          <div className="field">
            <label htmlFor={`${id}-name`}>{t('contact.name')}</label>
            <input {...fieldProps('name')} autoComplete="name" />
            {fieldError('name')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>{t('contact.email')}</label>
            <input {...fieldProps('email')} type="email" autoComplete="email" placeholder={user?.email} />
            {fieldError('email')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-message`}>{t('contact.message')}</label>
            <textarea {...fieldProps('message')} rows={5} />
            {fieldError('message')}
          </div>
          <button type="submit" className="button" disabled={sending}>
            {sending ? t('contact.sending') : t('contact.send')}
          </button>
          <div aria-live="polite" className="contact__outcome">
            {outcome && <p className={`form-message form-message--${outcome.kind}`}>{outcome.text}</p>}
          </div>
        </form>
        <aside className="contact__details" aria-labelledby={`${id}-details`}>
          <h2 id={`${id}-details`}>{t('contact.reachUs')}</h2>
          <address>
            <p>
              <strong>{t('contact.headOffice')}</strong>
              <br />
              {t('footer.address')}
            </p>
            <p>
              <strong>{t('contact.phone')}</strong>
              <br />
              <a href={supportContact.phoneHref}>{supportContact.phone}</a> ({t('contact.hours')})
            </p>
            <p>
              <strong>{t('contact.email')}</strong>
              <br />
              <a href={`mailto:${supportContact.email}`}>{supportContact.email}</a>
            </p>
          </address>
          <h3>{t('contact.follow')}</h3>
          <ul className="contact__social">
            <li><a href="https://www.facebook.com/" rel="noopener noreferrer" target="_blank">Facebook</a></li>
            <li><a href="https://x.com/" rel="noopener noreferrer" target="_blank">X</a></li>
            <li><a href="https://www.linkedin.com/" rel="noopener noreferrer" target="_blank">LinkedIn</a></li>
            <li><a href="https://www.youtube.com/" rel="noopener noreferrer" target="_blank">YouTube</a></li>
          </ul>
        </aside>
      </div>
    </section>
  );
}
