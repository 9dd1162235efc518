/**
 * The newsletter sign-up (spec sections 4, 5 and 8): idle → submitting → success (form
 * cleared), in the page's language, or error, with the server's own words (translated) when it sends them.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { answerOf, ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { useSubmittedBeforeHydration } from '../../lib/use-submitted-before-hydration.ts';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration.ts';

type Outcome = { kind: 'success' | 'error'; text: string; unsubscribeUrl?: string } | null;

// The rules (zod, ~24 KB compressed with the other forms' schemas) load when the visitor starts
// on the form, not with the home page: on a slow phone every file before hydration costs a round trip.
const loadRules = () => import('edge-api/src/schemas/newsletter.ts');

export function Newsletter() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useRef<HTMLFormElement>(null);
  // On a slow phone the home page is there seconds before its app: what was typed then is kept,
  // and Subscribe pressed then is answered once the app has arrived.
  useTypedBeforeHydration(() => [
    { element: form.current?.elements.namedItem('name') as HTMLInputElement | null, rendered: name, onTyped: setName },
    { element: form.current?.elements.namedItem('email') as HTMLInputElement | null, rendered: email, onTyped: setEmail },
  ]);
  useSubmittedBeforeHydration(form);

  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setOutcome(null);
    try {
      // The browser has checked the fields' types; the server's rules catch a name of spaces.
      const { subscribeBody } = await loadRules();
      const checked = subscribeBody.safeParse({ name, email });
      if (!checked.success) {
        setOutcome({ kind: 'error', text: checked.error.issues[0]?.message ?? t('newsletter.failed') });
        return;
      }
      const answer = await answerOf(await api.subscribe.$post({ json: checked.data }));
      // The page's own words for the server's yes: its message is English (issue 48).
      setOutcome({ kind: 'success', text: t('newsletter.thanks'), unsubscribeUrl: answer.unsubscribeUrl });
      setName('');
      setEmail('');
    } catch (error) {
      // The server's refusal in its own words; a network failure gets the spec's retry text.
      const text = error instanceof ApiRequestError ? messageOf(error, t('newsletter.failed')) : t('newsletter.retry');
      setOutcome({ kind: 'error', text });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="home-section newsletter" aria-labelledby="newsletter-heading">
      <div className="container newsletter__inner">
        <div>
          <h2 id="newsletter-heading" className="home-section__title">{t('newsletter.heading')}</h2>
          <p>{t('newsletter.intro')}</p>
        </div>
        {/* method="dialog" outside a dialog sends nowhere: pressed before the app has hydrated, the
            page is not reloaded with the name and email in its address (lib/early-submit.ts). */}
        <form ref={form} className="newsletter__form" method="dialog" onSubmit={subscribe} onFocus={() => void loadRules()}>
          <div className="field">
            <label htmlFor="newsletter-name">{t('newsletter.name')}</label>
            <input id="newsletter-name" name="name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="newsletter-email">{t('newsletter.email')}</label>
            <input id="newsletter-email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? t('newsletter.subscribing') : t('newsletter.subscribe')}
          </button>
          <div aria-live="polite" className="newsletter__outcome">
            {outcome && (
              <p className={`form-message form-message--${outcome.kind}`}>
                {outcome.text}
                {/* Each subscription's own link (issue 29); every newsletter carries it too. */}
                {outcome.unsubscribeUrl && (
                  <>
                    {' '}
                    <Link to={outcome.unsubscribeUrl}>{t('newsletter.unsubscribeLink')}</Link>
                  </>
                )}
              </p>
            )}
          </div>
        </form>
      </div>
    </section>
  );
}
