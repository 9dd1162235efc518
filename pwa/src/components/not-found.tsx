import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from './use-page-title.ts';

interface NotFoundProps {
  title?: string;
  children?: ReactNode;
  /** Where the way out leads, and what it says. */
  to?: string;
  linkLabel?: string;
}

/** An unknown page, or an unknown policy or blog (the server said 404: no Try Again, it will not appear). */
export function NotFound({ title = '404 Not Found', children = 'The page you are looking for does not exist.', to = '/', linkLabel = 'Go Home' }: NotFoundProps) {
  usePageTitle(title);
  return (
    <section className="container status-page">
      <h1>{title}</h1>
      <p>{children}</p>
      <Link className="button" to={to}>{linkLabel}</Link>
    </section>
  );
}
