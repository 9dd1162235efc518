import { Link } from 'react-router-dom';
import { usePageTitle } from './use-page-title.ts';
import { t } from '../lib/i18n/runtime.ts';

export function Forbidden() {
  usePageTitle(t('title.forbidden'));
  return (
    <section className="container status-page">
      <h1>403 Forbidden</h1>
      <p>You do not have permission to view this page.</p>
      <Link className="button" to="/">Go Back</Link>
    </section>
  );
}
