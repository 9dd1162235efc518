/** Create or edit a blog: title and content (plain text), both required (spec section 5). */
import { blogInput } from 'edge-api/src/schemas/blog.ts';
import { useState, type FormEvent } from 'react';
import { fieldErrors } from '../../lib/form-errors.ts';
import type { Blog, BlogDraft } from './blogs-api.ts';
import { t } from '../../lib/i18n/runtime.ts';

interface BlogFormProps {
  /** The blog being edited, or null to write a new one. */
  editing: Blog | null;
  onSave: (draft: BlogDraft) => Promise<boolean>;
  onCancelEdit: () => void;
}

export function BlogForm({ editing, onSave, onCancelEdit }: BlogFormProps) {
  const [draft, setDraft] = useState<BlogDraft>({ title: editing?.title ?? '', content: editing?.content ?? '' });
  const [errors, setErrors] = useState<Partial<Record<keyof BlogDraft, string>>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The server's own rules: the title trimmed, the content kept exactly as written.
    const checked = blogInput.safeParse(draft);
    setErrors(checked.success ? {} : fieldErrors<keyof BlogDraft>(checked.error));
    if (!checked.success) return;
    setBusy(true);
    const saved = await onSave({ title: checked.data.title, content: checked.data.content });
    setBusy(false);
    if (saved && !editing) setDraft({ title: '', content: '' });
  }

  const heading = editing ? t('blogForm.edit') : t('blogForm.create');
  return (
    <form className="panel blog-form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="blog-form-heading">
      <h2 id="blog-form-heading">{heading}</h2>
      <div className="field">
        <label htmlFor="blog-title">{t('blogForm.title')}</label>
        <input
          id="blog-title"
          // Editing starts in the title (the form is mounted afresh for each blog edited).
          autoFocus={editing !== null}
          value={draft.title}
          maxLength={200}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? 'blog-title-error' : undefined}
          onChange={(event) => setDraft({ ...draft, title: event.target.value })}
        />
        {errors.title && <p className="field__error" id="blog-title-error">{errors.title}</p>}
      </div>
      <div className="field">
        <label htmlFor="blog-content">{t('blogForm.content')}</label>
        <textarea
          id="blog-content"
          rows={8}
          value={draft.content}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? 'blog-content-error' : undefined}
          onChange={(event) => setDraft({ ...draft, content: event.target.value })}
        />
        {errors.content && <p className="field__error" id="blog-content-error">{errors.content}</p>}
      </div>
      <div className="row-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('blogForm.saving') : editing ? t('blogForm.update') : t('blogForm.publish')}
        </button>
        {editing && (
          <button type="button" className="button button--secondary" disabled={busy} onClick={onCancelEdit}>{t('blogForm.cancel')}</button>
        )}
      </div>
    </form>
  );
}
