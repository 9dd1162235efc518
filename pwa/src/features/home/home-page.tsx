import { usePageTitle } from '../../components/use-page-title.ts';

// The home page is being built by the public-site work; this keeps the shell runnable.
export function HomePage() {
  usePageTitle('Home');
  return (
    <section className="container">
      <h1>LifeSure Insurance</h1>
    </section>
  );
}
