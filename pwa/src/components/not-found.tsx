import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from './use-page-title.ts';
import { t } from '../lib/i18n/runtime.ts';

interface NotFoundProps {
  title?: string;
  children?: ReactNode;
  /** Where the way out leads, and what it says. */
  to?: string;
  linkLabel?: string;
}

/** An unknown page, or an unknown policy or blog (the server said 404: no Try Again, it will not appear). */
export function NotFound({ title = t('notFound.title'), children = t('notFound.text'), to = '/', linkLabel = t('notFound.home') }: NotFoundProps) {
  usePageTitle(title);
  return (
    <section className="container status-page">
      <h1>{title}</h1>
      <p>{children}</p>
      <Link className="button" to={to}>{linkLabel}</Link>
    </section>
  );
}
