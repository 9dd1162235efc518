/**
 * After sign-up (issue 48): a welcome that says what to do next, on the dashboard a new account
 * lands on when it had nowhere else to return to (features/auth: the registration sends it here
 * with `{ welcome: true }` in the router state). Gone once the person moves on.
 */
import { Link, useLocation } from 'react-router-dom';
import { t } from '../../lib/i18n/runtime.ts';
import { useSession } from '../../lib/use-session.ts';

export function SignUpWelcome() {
  const location = useLocation();
  const { user } = useSession();
  if ((location.state as { welcome?: unknown } | null)?.welcome !== true || !user) return null;
  return (
    <section className="panel sign-up-welcome" aria-labelledby="sign-up-welcome-heading">
      <h2 id="sign-up-welcome-heading">{t('dashboard.welcomeHeading', { name: user.name })}</h2>
      <p>{t('dashboard.welcomeNext')}</p>
      <p className="row-actions">
        <Link className="button" to="/all-policies">{t('nav.allPolicies')}</Link>
        <Link className="button button--secondary" to="/get-quote">{t('hero.cta')}</Link>
      </p>
    </section>
  );
}
