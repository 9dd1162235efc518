import type { Selectable } from 'kysely';
import type { BlogRow } from './schema.ts';

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
