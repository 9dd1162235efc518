/** A blog post in a card grid (home's latest blogs and /blogs); links to /blogs/{id}. */
import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Blog } from '../lib/local-db.ts';
import { cardPictureSizes, CoverImage } from './fallback-image.tsx';
import { formatDate, preview } from './format.ts';
import './cards.css';
import { languageOfText } from '../lib/i18n/locale.ts';

type CardBlog = Pick<Blog, 'id' | 'title' | 'content' | 'authorName' | 'author' | 'image' | 'publishDate'>;

interface BlogCardProps {
  blog: CardBlog;
  showPreview?: boolean;
  /** The card title's heading level, under the section that lists the cards. */
  headingLevel?: 2 | 3;
  /** On the first screen (the list's first cards): its picture is the page's largest paint, not lazy. */
  eager?: boolean;
}

// Memoised, as PolicyCard: the same rows again redraw no card.
export const BlogCard = memo(function BlogCard({ blog, showPreview = false, headingLevel = 3, eager = false }: BlogCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card card--link" lang={languageOfText(`${blog.title} ${blog.content}`)}>
      <CoverImage className="card__image" src={blog.image} width={480} sizes={cardPictureSizes} loading={eager ? 'eager' : 'lazy'} />
      <div className="card__body">
        <Heading className="card__title">
          <Link className="card__cover-link" to={`/blogs/${encodeURIComponent(blog.id)}`}>{blog.title}</Link>
        </Heading>
        <p className="card__meta">
          {blog.authorName || blog.author} · <time dateTime={blog.publishDate}>{formatDate(blog.publishDate)}</time>
        </p>
        {showPreview && <p className="card__text">{preview(blog.content, 100)}</p>}
      </div>
    </article>
  );
});
