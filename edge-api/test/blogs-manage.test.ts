/**
 * Manage Blogs, a page at a time (issue 17): an agent's pages hold only their own blogs, an
 * admin's everyone's; a search over title, author and content; newest first with the total; and
 * the spec's unpaged GET /blogs keeps a bounded default.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { call, getPage } from './support/calls.ts';
import { insertBlog, insertNumbered } from './support/records.ts';
import { runtime } from './support/target.ts';
import type { TestUser } from './support/users.ts';

const { api, admin, writer, other, customer } = useApi({
  admin: 'admin',
  writer: { role: 'agent', name: 'Ayesha Writer' },
  other: { role: 'agent', name: 'Babul Other' },
  customer: 'user',
});

const day = 86_400_000;
const on = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * day).toISOString();

beforeAll(async () => {
  // 30 blogs by the writer's account, 5 under their email only (written before accounts had
  // ids), 20 by another agent; publish dates interleave so ownership is not the order.
  await insertNumbered('blog', 55, (n, id) => {
    const mine = n % 11 !== 0 && n < 38;
    const byAccount = mine && n % 7 !== 0;
    return insertBlog(api, {
      id,
      title: n === 13 ? 'Saving for a daughter' : `Note ${n}`,
      content: n === 21 ? 'Why a nominee matters.' : `Plain words ${n}.`,
      author_id: byAccount ? writer.id : mine ? null : other.id,
      author_name: mine ? 'Ayesha Writer' : 'Babul Other',
      author_email: mine ? writer.email : other.email,
      publish_date: on(n),
    });
  });
});

const manage = (user: TestUser, query = '') => getPage(api, `/api/blogs/manage${query}`, user);
const ownedBy = (n: number) => n % 11 !== 0 && n < 38;
const mineCount = Array.from({ length: 55 }, (_, n) => n).filter(ownedBy).length;

describe(`Manage Blogs, a page at a time, on ${runtime}`, () => {
  it("gives an agent only their own blogs (by account or by email), newest first, paged with the total", async () => {
    const first = await manage(writer, '?pageSize=10');
    expect(first.total).toBe(mineCount);
    expect(first).toMatchObject({ page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toMatchObject({ id: 'blog-37', authorEmail: writer.email, title: 'Note 37' });
    const pages = [first];
    for (let page = 2; page <= Math.ceil(mineCount / 10); page += 1) pages.push(await manage(writer, `?pageSize=10&page=${page}`));
    const ids = pages.flatMap((p) => p.items.map((blog) => blog.id as string));
    expect(new Set(ids).size).toBe(mineCount);
    expect(ids.every((id) => ownedBy(Number(id.slice(5))))).toBe(true);
    const dates = pages.flatMap((p) => p.items.map((blog) => blog.publishDate as string));
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await manage(writer, `?pageSize=10&page=${pages.length + 1}`)).items).toEqual([]);
  });

  it("gives an admin everyone's blogs, 20 to a page unless asked", async () => {
    const first = await manage(admin);
    expect(first).toMatchObject({ total: 55, page: 1, pageSize: 20 });
    expect(first.items.map((blog) => blog.id).slice(0, 2)).toEqual(['blog-54', 'blog-53']);
    expect((await manage(admin, '?page=3')).items).toHaveLength(15);
  });

  it('searches title, author and content case-insensitively, within what one may manage', async () => {
    expect((await manage(admin, '?q=babul')).total).toBe(55 - mineCount);
    expect((await manage(writer, '?q=babul')).total).toBe(0);
    expect((await manage(writer, '?q=SAVING%20FOR')).items.map((blog) => blog.id)).toEqual(['blog-13']);
    expect((await manage(admin, '?q=nominee')).items.map((blog) => blog.id)).toEqual(['blog-21']);
    expect((await manage(other, '?q=nominee')).total).toBe(0);
    expect((await manage(admin, '?q=%25')).total).toBe(0);
  });

  it('refuses visitors and customers, and bad page parameters', async () => {
    expect((await call(api, 'GET', '/api/blogs/manage', null)).status).toBe(401);
    expect((await call(api, 'GET', '/api/blogs/manage', customer)).status).toBe(403);
    for (const query of ['?page=0', '?pageSize=101', '?page=two', `?q=${'x'.repeat(201)}`]) {
      expect((await call(api, 'GET', `/api/blogs/manage${query}`, admin)).status, query).toBe(400);
    }
  });

  it("keeps the spec's unpaged GET /blogs, newest first and bounded", async () => {
    const res = await call(api, 'GET', '/api/blogs', null);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(55);
    expect(res.body[0]).toMatchObject({ id: 'blog-54' });
    // /blogs/manage is a route of its own, never a blog id.
    expect((await call(api, 'GET', '/api/blogs/manage', writer)).body.items.length).toBeGreaterThan(0);
  });
});
