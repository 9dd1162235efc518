import { beforeAll, describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { call } from './support/calls.ts';
import { runtime } from './support/target.ts';
import type { TestUser } from './support/users.ts';

const { api, admin, writer, otherAgent, customer } = useApi({
  admin: 'admin',
  writer: { role: 'agent', name: 'Ayesha Writer' },
  otherAgent: 'agent',
  customer: 'user',
});

const post = (user: TestUser | null, body: unknown, headers?: Record<string, string>) => call(api, 'POST', '/api/blogs', user, body, headers);

describe(`writing blogs on ${runtime}`, () => {
  it('lets an agent publish; the author comes from the session, not the body', async () => {
    const res = await post(writer, { title: 'Why term life?', content: 'Because it is simple.', authorName: 'Mallory', authorEmail: 'mallory@evil.test' });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.blog).toMatchObject({
      id: res.body.insertedId,
      title: 'Why term life?',
      content: 'Because it is simple.',
      authorName: 'Ayesha Writer',
      author: 'Ayesha Writer',
      authorEmail: writer.email,
    });
    const read = await call(api, 'GET', `/api/blogs/${res.body.insertedId}`, null);
    expect(read.body).toMatchObject({ title: 'Why term life?', authorEmail: writer.email });
  });

  it('stores content as text and gives it back verbatim, markup included', async () => {
    const content = '<script>alert("x")</script>\n  <b>bold?</b> & ampersands  ';
    const res = await post(writer, { title: 'Markup stays text', content });
    expect(res.status).toBe(201);
    const read = await call(api, 'GET', `/api/blogs/${res.body.insertedId}`, null);
    expect(read.headers.get('content-type')).toContain('application/json');
    expect(typeof read.body.content).toBe('string');
    expect(read.body.content).toBe(content);
  });

  it('requires a title and content, with the spec’s messages', async () => {
    const noTitle = await post(writer, { title: '  ', content: 'x' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body).toMatchObject({ message: 'Title is required', fields: { title: 'Title is required' } });
    const noContent = await post(writer, { title: 'T' });
    expect(noContent.body).toMatchObject({ message: 'Content is required', fields: { content: 'Content is required' } });
    const blankContent = await post(writer, { title: 'T', content: ' \n ' });
    expect(blankContent.body.message).toBe('Content is required');
  });

  it('is for agents and admins: 401 for visitors, 403 for users', async () => {
    expect((await post(null, { title: 'T', content: 'C' })).status).toBe(401);
    expect((await post(customer, { title: 'T', content: 'C' })).status).toBe(403);
    expect((await post(admin, { title: 'From the admin', content: 'C' })).status).toBe(201);
  });

  it('publishes once per Idempotency-Key', async () => {
    const headers = { 'Idempotency-Key': 'blog-1' };
    const first = await post(writer, { title: 'Just once', content: 'C' }, headers);
    const again = await post(writer, { title: 'Just once', content: 'C' }, headers);
    expect(again.body).toEqual(first.body);
    expect(await api.sql(`SELECT id FROM blogs WHERE title = 'Just once'`)).toHaveLength(1);
  });
});

describe(`editing and deleting blogs on ${runtime}`, () => {
  let own: string;
  let others: string;
  beforeAll(async () => {
    own = (await post(writer, { title: 'Mine', content: 'Original' })).body.insertedId;
    others = (await post(otherAgent, { title: 'Theirs', content: 'Not yours' })).body.insertedId;
  });

  it('an agent edits their own blog', async () => {
    const res = await call(api, 'PATCH', `/api/blogs/${own}`, writer, { title: 'Mine, edited', content: 'Changed' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Blog updated', blog: { id: own, title: 'Mine, edited', content: 'Changed', authorEmail: writer.email } });
    expect((await call(api, 'GET', `/api/blogs/${own}`, null)).body.title).toBe('Mine, edited');
  });

  it('an agent cannot edit or delete another agent’s blog: 403, nothing changes', async () => {
    const edit = await call(api, 'PATCH', `/api/blogs/${others}`, writer, { title: 'Hijacked' });
    expect(edit.status).toBe(403);
    const remove = await call(api, 'DELETE', `/api/blogs/${others}`, writer);
    expect(remove.status).toBe(403);
    expect((await call(api, 'GET', `/api/blogs/${others}`, null)).body).toMatchObject({ title: 'Theirs', content: 'Not yours' });
    expect((await call(api, 'PATCH', `/api/blogs/${others}`, customer, { title: 'X' })).status).toBe(403);
  });

  it('an admin edits and deletes any blog', async () => {
    const edit = await call(api, 'PATCH', `/api/blogs/${others}`, admin, { content: 'Moderated' });
    expect(edit.status).toBe(200);
    expect(edit.body.blog).toMatchObject({ title: 'Theirs', content: 'Moderated', authorEmail: otherAgent.email });
    const remove = await call(api, 'DELETE', `/api/blogs/${others}`, admin);
    expect(remove.status).toBe(200);
    expect(remove.body).toEqual({ success: true, message: 'Blog deleted' });
    expect((await call(api, 'GET', `/api/blogs/${others}`, null)).status).toBe(404);
  });

  it('validates edits and answers unknown blogs with 404', async () => {
    expect((await call(api, 'PATCH', `/api/blogs/${own}`, writer, { title: '' })).body.message).toBe('Title is required');
    expect((await call(api, 'PATCH', `/api/blogs/${own}`, writer, { content: '   ' })).body.message).toBe('Content is required');
    expect((await call(api, 'PATCH', '/api/blogs/missing', writer, { title: 'X' })).status).toBe(404);
    expect((await call(api, 'DELETE', '/api/blogs/missing', admin)).status).toBe(404);
  });

  it('an agent deletes their own blog, and it is recorded', async () => {
    const res = await call(api, 'DELETE', `/api/blogs/${own}`, writer);
    expect(res.status).toBe(200);
    expect((await call(api, 'GET', `/api/blogs/${own}`, null)).status).toBe(404);
    const audit = await api.sql(`SELECT action, actor_email FROM audit_log WHERE entity_id = ? ORDER BY id`, own);
    expect(audit).toEqual([
      { action: 'blog.create', actor_email: writer.email },
      { action: 'blog.update', actor_email: writer.email },
      { action: 'blog.delete', actor_email: writer.email },
    ]);
  });
});
