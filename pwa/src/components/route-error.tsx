import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { t } from '../lib/i18n/runtime.ts';

/**
 * Shown when a route fails to render or its code cannot load (for example a chunk from an
 * older deploy): never a blank page, always a way forward.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container status-page" role="alert">
      <h1>{notFound ? t('notFound.title') : t('routeError.heading')}</h1>
      <p>{notFound ? t('notFound.text') : t('routeError.text')}</p>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>{t('update.reload')}</button>{' '}
        <Link to="/">{t('notFound.home')}</Link>
      </p>
    </section>
  );
}
