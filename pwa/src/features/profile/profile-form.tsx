/**
 * Editing one's own profile (issue 29): name and photo. The rules are the server's
 * (edge-api/src/schemas/auth.ts); the edit goes through the outbox, so the name can be changed
 * offline. The mobile number is changed only with a code sent to it (issue 50:
 * phone-number-panel.tsx). A new photo is prepared on the phone as soon as it is
 * chosen (components/use-prepared-picture.ts: a camera's photo is too big for the server's
 * checks) and uploaded first (POST /uploads), which needs the network: offline the photo field
 * says so.
 */
import { useId, useState, type FormEvent } from 'react';
import { profileUpdate } from 'edge-api/src/schemas/auth.ts';
import { showToast } from '../../components/toast.tsx';
import { usePreparedPicture } from '../../components/use-prepared-picture.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { fieldMessage } from '../../lib/i18n/field-messages.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { useOnline } from '../../lib/use-online.ts';
import { saveProfile, uploadPhoto, type Profile } from './profile-api.ts';

type Field = 'name' | 'photo';

export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile) => void }) {
  const id = useId();
  const online = useOnline();
  const [name, setName] = useState(profile.name);
  const photo = usePreparedPicture();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const found: Partial<Record<Field, string>> = {};
      const checked = profileUpdate.safeParse({ name });
      if (!checked.success) {
        for (const issue of checked.error.issues) found[issue.path[0] as Field] ??= fieldMessage(issue.message);
      }
      // A photo still being prepared is waited for.
      const picture = await photo.settled();
      if (picture.problem) found.photo = picture.problem;
      setErrors(found);
      if (!checked.success || picture.problem) {
        document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
        return;
      }
      const photoURL = picture.file ? await uploadPhoto(picture.file) : undefined;
      const outcome = await saveProfile({ ...checked.data, ...(photoURL && { photoURL }) });
      if (outcome.state === 'saved') {
        void photo.choose(null);
        onSaved(outcome.profile);
        showToast('success', t('profile.saved'));
      } else {
        showToast('info', t('profile.savedLater'), outcome.state === 'queued' ? t('profile.savedOffline') : t('profile.savedSlow'), 4000);
      }
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.body?.fields : undefined;
      if (fields) {
        setErrors({
          ...(fields.name && { name: fieldMessage(fields.name) }),
          ...((fields.photoURL ?? fields.image) && { photo: fieldMessage(fields.photoURL ?? fields.image ?? '') }),
        });
      }
      showToast('error', t('profile.saveFailed'), messageOf(error, ''));
    } finally {
      setBusy(false);
    }
  }

  const describedBy = (field: Field, hint?: string) => [errors[field] ? `${id}-${field}-error` : '', hint ?? ''].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: Field) => (errors[field] ? <p className="field__error" id={`${id}-${field}-error`}>{errors[field]}</p> : null);

  return (
    <form className="panel profile__edit" noValidate aria-busy={busy || photo.preparing} onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('profile.editHeading')}</h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('profile.name')}</label>
        <input id={`${id}-name`} autoComplete="name" value={name} aria-invalid={errors.name ? true : undefined} aria-describedby={describedBy('name')} onChange={(e) => setName(e.target.value)} />
        {fieldError('name')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-photo`}>{t('profile.photo')}</label>
        <input
          id={`${id}-photo`}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          disabled={!online}
          aria-invalid={errors.photo ? true : undefined}
          aria-describedby={describedBy('photo', online ? undefined : `${id}-photo-offline`)}
          onChange={(e) => {
            setErrors((current) => ({ ...current, photo: undefined }));
            void photo.choose(e.target.files?.[0] ?? null).then((result) => result && setErrors((current) => ({ ...current, photo: result.problem })));
          }}
        />
        {!online && <p className="profile__hint" id={`${id}-photo-offline`}>{t('profile.photoOffline')}</p>}
        {photo.preparing && <p className="profile__hint" role="status">{t('documents.preparing')}</p>}
        {fieldError('photo')}
      </div>
      <button type="submit" className="button" disabled={busy}>{busy ? t('profile.saving') : t('profile.save')}</button>
    </form>
  );
}
