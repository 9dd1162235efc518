import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

/**
 * Shown when a route fails to render or its code cannot load (for example a chunk from an
 * older deploy): never a blank page, always a way forward.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container status-page" role="alert">
      <h1>{notFound ? '404 Not Found' : 'Something went wrong'}</h1>
      <p>{notFound ? 'The page you are looking for does not exist.' : 'This page could not be shown. Reloading usually fixes it.'}</p>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>Reload</button>{' '}
        <Link to="/">Go Home</Link>
      </p>
    </section>
  );
}
