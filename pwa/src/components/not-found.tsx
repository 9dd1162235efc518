import { Link } from 'react-router-dom';
import { usePageTitle } from './use-page-title.ts';

export function NotFound() {
  usePageTitle('404 Not Found');
  return (
    <section className="container status-page">
      <h1>404 Not Found</h1>
      <p>The page you are looking for does not exist.</p>
      <Link className="button" to="/">Go Home</Link>
    </section>
  );
}
