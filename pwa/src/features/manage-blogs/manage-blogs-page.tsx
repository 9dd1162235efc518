/**
 * Manage Blogs (spec section 2): agents write and keep their own blogs, admins all of them
 * (decisions.md). The list is a page at a time, searched by the server (issue 17), newest
 * first. Content is plain text, shown as text.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import type { Column } from '../../components/data-table.tsx';
import { ListFilters, useListFilters } from '../../components/list-filters.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { usePagedRequest } from '../../lib/use-paged-request.ts';
import { useSession } from '../../lib/use-session.ts';
import { BlogForm } from './blog-form.tsx';
import { createBlog, deleteBlog, fetchBlogsPage, refreshLocalCopy, updateBlog, type Blog, type BlogDraft } from './blogs-api.ts';
import './manage-blogs.css';
import { formatDate } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';

const loadError = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 403
    ? t('blogs.forbidden')
    : t('blogs.failed');

export function ManageBlogsPage() {
  usePageTitle(t('title.manageBlogs'));
  const { user } = useSession();
  const isAdmin = user?.role.toLowerCase() === 'admin';
  const filters = useListFilters<''>('');
  const { q, page, setPage } = filters;
  const blogs = usePagedRequest((signal) => fetchBlogsPage({ q, page }, signal), [q, page]);
  const shown = blogs.status === 'error' ? undefined : blogs.shown;
  const [editing, setEditing] = useState<Blog | null>(null);
  const [toDelete, setToDelete] = useState<Blog | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function save(draft: BlogDraft): Promise<boolean> {
    try {
      if (editing) {
        await updateBlog(editing.id, draft);
        showToast('success', t('blogs.updated'));
        setEditing(null);
        blogs.reload();
      } else {
        await createBlog(draft);
        showToast('success', t('blogs.created'));
        // Newest first: the new blog is on the first page.
        if (page === 1) blogs.reload();
        else setPage(1);
      }
      refreshLocalCopy();
      return true;
    } catch (error) {
      showToast('error', editing ? t('blogs.updateFailed') : t('blogs.createFailed'), messageOf(error, ''));
      return false;
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    const { id } = toDelete;
    setDeleting(true);
    try {
      await deleteBlog(id);
      blogs.update((list) => ({ ...list, total: list.total - 1, items: list.items.filter((blog) => blog.id !== id) }));
      // The page refills from the next one (or steps back when it was the last one's only blog).
      if (shown && shown.items.length === 1 && page > 1) setPage(page - 1);
      else blogs.reload();
      if (editing?.id === id) setEditing(null);
      showToast('success', t('blogs.deleted'));
      refreshLocalCopy();
    } catch (error) {
      showToast('error', t('blogs.deleteFailed'), messageOf(error, ''));
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  }

  const columns: Column<Blog>[] = [
    {
      header: t('blogs.blog'),
      kind: 'title',
      cell: (blog) => (
        <>
          <Link to={`/blogs/${blog.id}`}>{blog.title}</Link>
          <small className="data__detail manage-blogs__meta">
            {t('blogs.byline', { author: blog.authorName || blog.author, date: formatDate(blog.publishDate) })}
          </small>
        </>
      ),
    },
    { header: t('blogs.content'), cell: (blog) => <span className="manage-blogs__content">{blog.content}</span> },
    {
      header: t('blogs.actions'),
      kind: 'actions',
      cell: (blog) => (
        <div className="row-actions">
          <button type="button" className="button button--secondary button--small" aria-label={t('blogs.editName', { title: blog.title })} onClick={() => setEditing(blog)}>
            {t('blogs.edit')}
          </button>
          <button type="button" className="button button--danger button--small" aria-label={t('blogs.deleteName', { title: blog.title })} onClick={() => setToDelete(blog)}>
            {t('blogs.delete')}
          </button>
        </div>
      ),
    },
  ];

  const listName = isAdmin ? t('blogs.all') : t('blogs.mine');
  return (
    <section className="manage-blogs">
      <h1>{t('blogs.manageHeading')}</h1>
      {/* A fresh form per blog edited (key), so its fields start from that blog. */}
      <BlogForm key={editing?.id ?? 'new'} editing={editing} onSave={save} onCancelEdit={() => setEditing(null)} />

      <h2>{listName}</h2>
      <ListFilters label={t('blogs.find')} idPrefix="blogs" placeholder={t('blogs.findPlaceholder')} filters={filters} />
      {blogs.status === 'loading' && !shown && <LoadingState>{t('blogs.loading')}</LoadingState>}
      {blogs.status === 'error' && <ErrorState onRetry={blogs.reload}>{loadError(blogs.error)}</ErrorState>}
      {shown && shown.total === 0 && (
        <EmptyState>{q.trim() ? t('blogs.noMatch') : t('blogs.noneYours')}</EmptyState>
      )}
      {shown && shown.total > 0 && (
        <PagedTable
          label={listName}
          navLabel={t('blogs.pages')}
          columns={columns}
          page={shown}
          rowKey={(blog) => blog.id}
          busy={blogs.status === 'loading'}
          onPage={setPage}
        />
      )}

      <ConfirmDialog
        open={toDelete !== null}
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
        confirmLabel={t('apps.confirmDelete')}
        busyLabel={t('apps.deleting')}
      >
        <p>{t('blogs.willDelete', { title: toDelete?.title ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
