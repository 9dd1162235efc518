/** All Blogs (/blogs): from the local copy, newest first, so they read offline too. */
import { BlogCard } from '../../components/blog-card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { usePrerendered } from '../../lib/prerendered.tsx';
import { isEmptyList, useLocalData } from '../../lib/use-local-data.ts';
import { t } from '../../lib/i18n/runtime.ts';

export function BlogsPage() {
  usePageTitle(t('title.blogs'));
  // While the local copy loads, the blogs the page was prerendered with are shown (and hydrated).
  const blogs = useLocalData((db) => db.blogs.orderBy('publishDate').reverse().toArray(), [], isEmptyList, usePrerendered()?.blogs);
  return (
    <section className="container blogs">
      <h1>{t('blogs.heading')}</h1>
      {blogs.status === 'loading' && <LoadingState>{t('blogs.loading')}</LoadingState>}
      {blogs.status === 'error' && <ErrorState onRetry={blogs.retry}>{t('blogs.failed')}</ErrorState>}
      {blogs.status === 'ready' && blogs.data.length === 0 && <EmptyState>{t('blogs.none')}</EmptyState>}
      {blogs.status === 'ready' && blogs.data.length > 0 && (
        <ul className="card-grid card-grid--3">
          {blogs.data.map((blog, i) => (
            <li key={blog.id}>
              <BlogCard blog={blog} showPreview headingLevel={2} eager={i < 2} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
