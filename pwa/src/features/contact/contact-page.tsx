/**
 * Contact (/contact). The form only simulates sending, as the spec and decisions say: after
 * 1.5 s it reports success and clears. No request is made.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { supportContact } from 'edge-api/src/schemas/support-contact.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import './contact.css';
import { t } from '../../lib/i18n/runtime.ts';

export const simulatedSendMs = 1500;

type Field = 'name' | 'email' | 'message';
const emptyForm: Record<Field, string> = { name: '', email: '', message: '' };

function check(form: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!form.name.trim()) errors.name = 'Name is required';
  if (!form.email.trim()) errors.email = 'Email is required';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) errors.email = 'Please enter a valid email address';
  if (!form.message.trim()) errors.message = 'Message is required';
  return errors;
}

export function ContactPage() {
  usePageTitle(t('title.contact'));
  const id = useId();
  const [form, setForm] = useState(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
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
    errors[field] ? <p className="field__error" id={`${id}-${field}-error`}>{errors[field]}</p> : null;

  return (
    <section className="container contact">
      <h1>Contact Us</h1>
      <div className="contact__layout">
        <form className="contact__form" noValidate onSubmit={send}>
          <div className="field">
            <label htmlFor={`${id}-name`}>Name</label>
            <input {...fieldProps('name')} autoComplete="name" />
            {fieldError('name')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input {...fieldProps('email')} type="email" autoComplete="email" />
            {fieldError('email')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-message`}>Message</label>
            <textarea {...fieldProps('message')} rows={5} />
            {fieldError('message')}
          </div>
          <button type="submit" className="button" disabled={sending}>
            {sending ? 'Sending...' : 'Send Message'}
          </button>
          <div aria-live="polite" className="contact__outcome">
            {sent && <p className="form-message form-message--success">Message sent successfully!</p>}
          </div>
        </form>
        <aside className="contact__details" aria-labelledby={`${id}-details`}>
          <h2 id={`${id}-details`}>Reach us</h2>
          <address>
            <p>
              <strong>Head office</strong>
              <br />
              House 12, Road 7, Dhanmondi, Dhaka 1205, Bangladesh
            </p>
            <p>
              <strong>Phone</strong>
              <br />
              <a href={supportContact.phoneHref}>{supportContact.phone}</a> ({supportContact.hours})
            </p>
            <p>
              <strong>Email</strong>
              <br />
              <a href={`mailto:${supportContact.email}`}>{supportContact.email}</a>
            </p>
          </address>
          <h3>Follow us</h3>
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
