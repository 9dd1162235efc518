import { Hono } from 'hono';
import { currentUser } from '../auth/access.ts';
import { createBlog, deleteBlog, updateBlog } from '../commands/blogs.ts';
import { blogInput, blogPatch } from '../schemas/blog.ts';
import { findBlog, listBlogs } from '../db/blogs.ts';
import type { AppEnv } from '../http/env.ts';
import { blogListQuery, listManagedBlogs } from '../lists/blog-list.ts';
import { publicCache } from '../http/security.ts';
import { notFound } from '../http/errors.ts';
import { idParam } from '../schemas/params.ts';
import { validate } from '../http/validation.ts';
import { mutationKey, reply } from './reply.ts';

/** /api/blogs: public reads; agents write their own blogs, admins all of them. */
export const blogRoutes = new Hono<AppEnv>()
  .get('/', publicCache(), async (c) => {
    return c.json(await listBlogs(c.var.deps.db), 200);
  })
  // Before '/:id', so 'manage' is never taken for a blog id.
  .get('/manage', validate('query', blogListQuery), async (c) => {
    return c.json(await listManagedBlogs(c.var.deps.db, currentUser(c), c.req.valid('query')), 200);
  })
  .get('/:id', publicCache(), validate('param', idParam), async (c) => {
    const blog = await findBlog(c.var.deps.db, c.req.valid('param').id);
    if (!blog) throw notFound('Blog');
    return c.json(blog, 200);
  })
  .post('/', validate('json', blogInput), async (c) => {
    const user = currentUser(c);
    return reply(c, await createBlog(c.var.deps, user, c.req.valid('json'), mutationKey(c, user)));
  })
  .patch('/:id', validate('param', idParam), validate('json', blogPatch), async (c) => {
    const user = currentUser(c);
    return c.json(await updateBlog(c.var.deps, user, c.req.valid('param').id, c.req.valid('json')), 200);
  })
  .delete('/:id', validate('param', idParam), async (c) => {
    const user = currentUser(c);
    return c.json(await deleteBlog(c.var.deps, user, c.req.valid('param').id), 200);
  });
