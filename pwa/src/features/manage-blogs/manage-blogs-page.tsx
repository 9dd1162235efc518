/**
 * Manage Blogs (spec section 2): agents write and keep their own blogs, admins all of them
 * (decisions.md). Content is plain text, shown as text.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { useRequest } from '../../lib/use-request.ts';
import { useSession } from '../../lib/use-session.ts';
import { BlogForm } from './blog-form.tsx';
import { createBlog, deleteBlog, fetchBlogs, refreshLocalCopy, updateBlog, type Blog, type BlogDraft } from './blogs-api.ts';
import './manage-blogs.css';

const loadError = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 403
    ? 'Failed to load blogs. You may not have permission to view blogs.'
    : 'Failed to load blogs. Please try again.';

export function ManageBlogsPage() {
  usePageTitle('Manage Blogs');
  const { user } = useSession();
  const isAdmin = user?.role.toLowerCase() === 'admin';
  const blogs = useRequest((signal) => fetchBlogs(signal), []);
  const [editing, setEditing] = useState<Blog | null>(null);
  const [toDelete, setToDelete] = useState<Blog | null>(null);
  const [deleting, setDeleting] = useState(false);

  const mine =
    blogs.status === 'ready'
      ? blogs.data.filter((blog) => isAdmin || blog.authorEmail.toLowerCase() === user?.email.toLowerCase())
      : [];

  async function save(draft: BlogDraft): Promise<boolean> {
    try {
      if (editing) {
        await updateBlog(editing.id, draft);
        showToast('success', 'Blog updated');
        setEditing(null);
      } else {
        await createBlog(draft);
        showToast('success', 'Blog created');
      }
      blogs.reload();
      refreshLocalCopy();
      return true;
    } catch (error) {
      showToast('error', editing ? 'Failed to update blog' : 'Failed to create blog', messageOf(error, ''));
      return false;
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    const { id } = toDelete;
    setDeleting(true);
    try {
      await deleteBlog(id);
      blogs.update((list) => list.filter((blog) => blog.id !== id));
      if (editing?.id === id) setEditing(null);
      showToast('success', 'Blog deleted');
      refreshLocalCopy();
    } catch (error) {
      showToast('error', 'Failed to delete blog', messageOf(error, ''));
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  }

  return (
    <section className="manage-blogs">
      <h1>Manage Blogs</h1>
      {/* A fresh form per blog edited (key), so its fields start from that blog. */}
      <BlogForm key={editing?.id ?? 'new'} editing={editing} onSave={save} onCancelEdit={() => setEditing(null)} />

      <h2>{isAdmin ? 'All Blogs' : 'My Blogs'}</h2>
      {blogs.status === 'loading' && <LoadingState>Loading blogs...</LoadingState>}
      {blogs.status === 'error' && <ErrorState onRetry={blogs.reload}>{loadError(blogs.error)}</ErrorState>}
      {blogs.status === 'ready' && mine.length === 0 && <EmptyState>You have not written any blogs yet.</EmptyState>}
      {mine.length > 0 && (
        <ul className="manage-blogs__list">
          {mine.map((blog) => (
            <li key={blog.id} className="panel manage-blogs__item">
              <h3><Link to={`/blogs/${blog.id}`}>{blog.title}</Link></h3>
              <p className="manage-blogs__meta">
                By {blog.authorName || blog.author} on {new Date(blog.publishDate).toLocaleDateString()}
              </p>
              <p className="manage-blogs__content">{blog.content}</p>
              <div className="row-actions">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={`Edit ${blog.title}`}
                  onClick={() => setEditing(blog)}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="button button--danger button--small"
                  aria-label={`Delete ${blog.title}`}
                  onClick={() => setToDelete(blog)}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
        confirmLabel="Yes, delete it!"
        busyLabel="Deleting..."
      >
        <p>The blog “{toDelete?.title}” will be deleted. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
