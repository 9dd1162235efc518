import { Link } from 'react-router-dom';
import { usePageTitle } from './use-page-title.ts';
import { t } from '../lib/i18n/runtime.ts';

export function Forbidden() {
  usePageTitle(t('title.forbidden'));
  return (
    <section className="container status-page">
      <h1>{t('forbidden.heading')}</h1>
      <p>{t('forbidden.text')}</p>
      <Link className="button" to="/">{t('forbidden.back')}</Link>
    </section>
  );
}
