import { Link } from 'react-router-dom';
import { usePageTitle } from './use-page-title.ts';

export function Forbidden() {
  usePageTitle('403 Forbidden');
  return (
    <section className="container status-page">
      <h1>403 Forbidden</h1>
      <p>You do not have permission to view this page.</p>
      <Link className="button" to="/">Go Back</Link>
    </section>
  );
}
