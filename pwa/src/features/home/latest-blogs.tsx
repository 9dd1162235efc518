/** The four newest blogs, from the local copy so they show offline too. */
import { Link } from 'react-router-dom';
import { BlogCard } from '../../components/blog-card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { usePrerendered } from '../../lib/prerendered.tsx';
import { isEmptyList, useLocalData } from '../../lib/use-local-data.ts';
import { t } from '../../lib/i18n/runtime.ts';

const latestCount = 4;

export function LatestBlogs() {
  const blogs = useLocalData((db) => db.blogs.orderBy('publishDate').reverse().limit(latestCount).toArray(), [], isEmptyList, usePrerendered()?.blogs);
  return (
    <section className="home-section home-section--tinted" aria-labelledby="blogs-heading">
      <div className="container">
        <h2 id="blogs-heading" className="home-section__title">{t('home.latestBlogs')}</h2>
        {blogs.status === 'loading' && <LoadingState>{t('home.loadingBlogs')}</LoadingState>}
        {blogs.status === 'error' && <ErrorState onRetry={blogs.retry}>{t('home.blogsFailed')}</ErrorState>}
        {blogs.status === 'ready' && blogs.data.length === 0 && <EmptyState>{t('home.noBlogs')}</EmptyState>}
        {blogs.status === 'ready' && blogs.data.length > 0 && (
          <ul className="card-grid card-grid--4">
            {blogs.data.map((blog) => (
              <li key={blog.id}>
                <BlogCard blog={blog} />
              </li>
            ))}
          </ul>
        )}
        <p className="home-section__more">
          <Link className="button button--secondary" to="/blogs">{t('home.moreBlogs')}</Link>
        </p>
      </div>
    </section>
  );
}
