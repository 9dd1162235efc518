/** Blog writing for agents (their own) and admins (all); the public reads are in routes/blogs.ts. */
import { Hono } from 'hono';
import { access, currentUser } from '../auth/access.ts';
import { blogInput, blogPatch, createBlog, deleteBlog, updateBlog } from '../commands/blogs.ts';
import type { AppEnv } from '../env.ts';
import { validate } from '../validation.ts';
import { idParam } from './policies.ts';
import { mutationKey, reply } from './reply.ts';

export const blogAdminRoutes = new Hono<AppEnv>()
  .post('/blogs', access('POST /blogs'), validate('json', blogInput), async (c) => {
    const user = currentUser(c);
    return reply(c, await createBlog(c.var.deps, user, c.req.valid('json'), mutationKey(c, user)));
  })
  .patch('/blogs/:id', access('PATCH /blogs/:id'), validate('param', idParam), validate('json', blogPatch), async (c) => {
    const user = currentUser(c);
    return c.json(await updateBlog(c.var.deps, user, c.req.valid('param').id, c.req.valid('json')), 200);
  })
  .delete('/blogs/:id', access('DELETE /blogs/:id'), validate('param', idParam), async (c) => {
    const user = currentUser(c);
    return c.json(await deleteBlog(c.var.deps, user, c.req.valid('param').id), 200);
  });
