-- Manage Blogs pages an agent's own blogs newest first (edge-api/src/lists/blog-list.ts): by
-- account or by email, each with the publish date second so a page is read in order.
CREATE INDEX blogs_author_id_published ON blogs (author_id, publish_date DESC);
CREATE INDEX blogs_author_email_published ON blogs (author_email, publish_date DESC);
