import { Link } from 'react-router-dom';
import { t } from '../lib/i18n/runtime.ts';

/**
 * Shown when a route fails to render or its code cannot load (for example a chunk from an
 * older deploy): never a blank page, always a way forward.
 */
export function RouteError() {
  return (
    <section className="container status-page" role="alert">
      <h1>{t('routeError.heading')}</h1>
      <p>{t('routeError.text')}</p>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>{t('update.reload')}</button>{' '}
        <Link to="/">{t('notFound.home')}</Link>
      </p>
    </section>
  );
}
