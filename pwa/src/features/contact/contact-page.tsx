/**
 * Contact (/contact). The form only simulates sending, as the spec and decisions say: after
 * 1.5 s it reports success and clears. No request is made.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { supportContact } from 'edge-api/src/schemas/support-contact.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import './contact.css';
import { type MessageId, t } from '../../lib/i18n/runtime.ts';

export const simulatedSendMs = 1500;

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
  const [sent, setSent] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = check(form);
    setErrors(found);
    setSent(false);
    const first = (['name', 'email', 'message'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSending(true);
    timer.current = window.setTimeout(() => {
      setSending(false);
      setSent(true);
      setForm(emptyForm);
    }, simulatedSendMs);
  }

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    value: form[field],
    required: true,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
    onChange: (event: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [field]: event.target.value }));
      setSent(false);
    },
  });
  const fieldError = (field: Field) =>
    errors[field] ? <p className="field__error" id={`${id}-${field}-error`}>{t(errors[field])}</p> : null;

  return (
    <section className="container contact">
      <h1>{t('contact.heading')}</h1>
      <div className="contact__layout">
        <form className="contact__form" noValidate onSubmit={send}>
          <div className="field">
            <label htmlFor={`${id}-name`}>{t('contact.name')}</label>
            <input {...fieldProps('name')} autoComplete="name" />
            {fieldError('name')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>{t('contact.email')}</label>
            <input {...fieldProps('email')} type="email" autoComplete="email" />
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
            {sent && <p className="form-message form-message--success">{t('contact.sent')}</p>}
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
