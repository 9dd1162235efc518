/** The four newest blogs, from the local copy so they show offline too. */
import { Link } from 'react-router-dom';
import { BlogCard } from '../../components/blog-card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { usePrerendered } from '../../lib/prerendered.tsx';
import { isEmptyList, useLocalData } from '../../lib/use-local-data.ts';

const latestCount = 4;

export function LatestBlogs() {
  const blogs = useLocalData((db) => db.blogs.orderBy('publishDate').reverse().limit(latestCount).toArray(), [], isEmptyList, usePrerendered()?.blogs);
  return (
    <section className="home-section home-section--tinted" aria-labelledby="blogs-heading">
      <div className="container">
        <h2 id="blogs-heading" className="home-section__title">Latest Blogs</h2>
        {blogs.status === 'loading' && <LoadingState>Loading blogs...</LoadingState>}
        {blogs.status === 'error' && <ErrorState onRetry={blogs.retry}>Failed to load blogs. Please try again.</ErrorState>}
        {blogs.status === 'ready' && blogs.data.length === 0 && <EmptyState>No blogs yet.</EmptyState>}
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
          <Link className="button button--secondary" to="/blogs">More Blogs</Link>
        </p>
      </div>
    </section>
  );
}
