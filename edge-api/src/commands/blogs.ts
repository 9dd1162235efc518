/**
 * Blog writing: agents manage their own blogs, admins all of them (decisions.md). The author
 * comes from the session. Content is plain text, stored and returned exactly as written (never
 * trimmed, never turned into HTML); the PWA shows it as text, so `<script>` stays words.
 */
import { sql, type Selectable, type Updateable } from 'kysely';
import { sameEmail } from '../db/users.ts';
import { toBlog, type Blog } from '../db/blogs.ts';
import { lastRow, rowSnapshot } from '../db/row-snapshot.ts';
import type { BlogRow } from '../db/schema.ts';
import type { AppDeps, SessionUser } from '../http/env.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { auditBeforeChange, auditInsert } from '../db/audit-log.ts';
import { newId } from '../lib/ids.ts';
import { prepareMutation, runOnce, type MutationKey, type Outcome } from '../lib/idempotency.ts';
import type { BlogInput, BlogPatch } from '../schemas/blog.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock'>;

const blogColumns = [
  'id',
  'title',
  'content',
  'author_id',
  'author_name',
  'author_email',
  'image_url',
  'publish_date',
  'updated_at',
  'version',
] as const satisfies readonly (keyof BlogRow)[];

export interface BlogCreated {
  success: true;
  insertedId: string;
  blog: Blog;
}

const createdBlog = (row: Selectable<BlogRow>): BlogCreated => ({ success: true, insertedId: row.id, blog: toBlog(row) });

export async function createBlog(deps: Deps, actor: SessionUser, input: BlogInput, key?: MutationKey): Promise<Outcome<BlogCreated>> {
  const { db, batch, clock } = deps;
  const mutation = await prepareMutation(key, 'blog.create', input);
  return runOnce(deps, mutation, (stored) => createdBlog(stored as Selectable<BlogRow>), async (record) => {
    const id = newId();
    const at = clock().toISOString();
    const results = await batch([
      db
        .insertInto('blogs')
        .values({
          id,
          title: input.title,
          content: input.content,
          author_id: actor.id,
          author_name: actor.name,
          author_email: actor.email,
          image_url: input.image ?? null,
          publish_date: at,
          updated_at: at,
        })
        .compile(),
      auditInsert(db, { actor, action: 'blog.create', entity: 'blogs', entityId: id, to: input.title, at }),
      ...record.success(201, rowSnapshot('blogs', blogColumns, id)),
      db.selectFrom('blogs').selectAll().where('id', '=', id).compile(),
    ]);
    const row = lastRow<Selectable<BlogRow>>(results) as Selectable<BlogRow>;
    return { ok: true, status: 201, body: createdBlog(row), replayed: false };
  });
}

/** Agents only their own blogs (written under their account, or under their email), admins any. */
async function writableBlog(deps: Deps, actor: SessionUser, id: string, verb: string) {
  const before = await deps.db
    .selectFrom('blogs')
    .select(['id', 'author_id', 'author_email'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!before) throw notFound('Blog');
  const admin = actor.role === 'admin';
  const own = before.author_id === actor.id || sameEmail(before.author_email, actor.email);
  if (!admin && !own) throw forbidden(`You can only ${verb} your own blogs.`);
  // Repeated in the write itself, so the rule holds whatever happens in between.
  return admin
    ? sql<boolean>`id = ${id}`
    : sql<boolean>`id = ${id} AND (author_id = ${actor.id} OR author_email = ${actor.email})`;
}

export async function updateBlog(deps: Deps, actor: SessionUser, id: string, input: BlogPatch) {
  const { db, batch, clock } = deps;
  const where = await writableBlog(deps, actor, id, 'edit');
  const at = clock().toISOString();
  const set: Updateable<BlogRow> = { updated_at: at };
  if (input.title !== undefined) set.title = input.title;
  if (input.content !== undefined) set.content = input.content;
  if (input.image !== undefined) set.image_url = input.image;
  const results = await batch([
    auditBeforeChange(db, { actor, action: 'blog.update', entity: 'blogs', entityId: id, from: sql`title`, to: input.title ?? null, at }, 'blogs', where),
    db.updateTable('blogs').set(set).where(where).compile(),
    db.selectFrom('blogs').selectAll().where('id', '=', id).compile(),
  ]);
  const row = lastRow<Selectable<BlogRow>>(results);
  if (!row) throw notFound('Blog');
  if ((results[1]?.changes ?? 0) === 0) throw forbidden('You can only edit your own blogs.');
  return { success: true as const, message: 'Blog updated', blog: toBlog(row) };
}

export async function deleteBlog(deps: Deps, actor: SessionUser, id: string) {
  const { db, batch, clock } = deps;
  const where = await writableBlog(deps, actor, id, 'delete');
  const at = clock().toISOString();
  const results = await batch([
    auditBeforeChange(db, { actor, action: 'blog.delete', entity: 'blogs', entityId: id, from: sql`title`, to: null, at }, 'blogs', where),
    sql`DELETE FROM blogs WHERE ${where}`.compile(db),
  ]);
  if ((results[1]?.changes ?? 0) === 0) throw notFound('Blog');
  return { success: true as const, message: 'Blog deleted' };
}
