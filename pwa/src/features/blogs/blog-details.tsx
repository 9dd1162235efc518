/**
 * One blog post (/blogs/:id): from the local copy, else from the server. The content is
 * plain text, rendered as text (never as HTML), one paragraph per blank-line-separated block.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, useParams } from 'react-router-dom';
import { CoverImage } from '../../components/fallback-image.tsx';
import { formatDate } from '../../components/format.ts';
import { NotFound } from '../../components/not-found.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useRequest } from '../../lib/use-request.ts';
import { answerOf, isNotFound } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { localDb, type Blog } from '../../lib/local-db.ts';
import './blogs.css';
import { t } from '../../lib/i18n/runtime.ts';
import { languageOfText } from '../../lib/i18n/locale.ts';

const paragraphsOf = (content: string) =>
  content
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);

async function fetchBlog(id: string): Promise<Blog> {
  return answerOf(await api.blogs[':id'].$get({ param: { id } }));
}

export function BlogDetails() {
  const { id = '' } = useParams();
  // null: not on this device; undefined: still reading.
  const local = useLiveQuery(() => localDb.blogs.get(id).then((b) => b ?? null), [id]);
  // The server is asked only when the device does not have the post.
  const remote = useRequest(() => (local === null ? fetchBlog(id) : Promise.resolve(null)), [id, local === null]);
  const blog = local ?? (remote.status === 'ready' ? remote.data : null);
  usePageTitle(blog?.title ?? t('title.blog'));

  const back = (
    <p>
      <Link to="/blogs">{t('blog.back')}</Link>
    </p>
  );

  if (!blog && remote.status === 'error' && isNotFound(remote.error)) {
    return (
      <NotFound title={t('blog.notFound')} to="/blogs" linkLabel={t('blog.allBlogs')}>
        {t('blog.gone')}
      </NotFound>
    );
  }

  if (!blog) {
    const failed = local === null && remote.status === 'error';
    return (
      <section className="container blog">
        {back}
        <h1>{t('blog.heading')}</h1>
        {failed ? (
          <ErrorState onRetry={remote.reload}>{t('blog.failed')}</ErrorState>
        ) : (
          <LoadingState>{t('blog.loading')}</LoadingState>
        )}
      </section>
    );
  }

  return (
    // A blog is shown in the language it was written in.
    <article className="container blog" lang={languageOfText(`${blog.title} ${blog.content}`)}>
      {back}
      <h1 className="blog__title">{blog.title}</h1>
      <p className="blog__byline">
        {t('blog.byline', { author: blog.authorName || blog.author, date: formatDate(blog.publishDate) })}
      </p>
      {blog.image && (
        <CoverImage className="blog__image" src={blog.image} width={480} sizes="(min-width: 792px) 760px, calc(100vw - 32px)" />
      )}
      <div className="blog__content">
        {paragraphsOf(blog.content).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}
