import type { Kysely, Selectable } from 'kysely';
import type { BlogRow, Database } from './schema.ts';

export interface Blog {
  id: string;
  title: string;
  content: string;
  authorName: string;
  authorEmail: string;
  author: string;
  image: string | null;
  publishDate: string;
  updatedAt: string;
  version: number;
}

export function toBlog(row: Selectable<BlogRow>): Blog {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    authorName: row.author_name,
    authorEmail: row.author_email,
    author: row.author_name,
    image: row.image_url,
    publishDate: row.publish_date,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** The spec's unpaged call keeps a bounded default: Manage Blogs pages with /blogs/manage. */
export const publicBlogsBound = 500;

/** The newest blogs, newest first (the spec's GET /blogs). */
export async function listBlogs(db: Kysely<Database>): Promise<Blog[]> {
  const rows = await db.selectFrom('blogs').selectAll().orderBy('publish_date', 'desc').limit(publicBlogsBound).execute();
  return rows.map(toBlog);
}

/** One blog, or undefined when there is none with this id. */
export async function findBlog(db: Kysely<Database>, id: string): Promise<Blog | undefined> {
  const row = await db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toBlog(row);
}
