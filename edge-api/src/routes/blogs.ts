import { Hono } from 'hono';
import { access } from '../auth/access.ts';
import { toBlog } from '../db/blogs.ts';
import type { AppEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { validate } from '../validation.ts';
import { idParam } from './policies.ts';

export const blogReadRoutes = new Hono<AppEnv>()
  .get('/blogs', access('GET /blogs'), async (c) => {
    const rows = await c.var.deps.db.selectFrom('blogs').selectAll().orderBy('publish_date', 'desc').execute();
    return c.json(rows.map(toBlog), 200);
  })
  .get('/blogs/:id', access('GET /blogs/:id'), validate('param', idParam), async (c) => {
    const row = await c.var.deps.db
      .selectFrom('blogs')
      .selectAll()
      .where('id', '=', c.req.valid('param').id)
      .executeTakeFirst();
    if (!row) throw notFound('Blog');
    return c.json(toBlog(row), 200);
  });
