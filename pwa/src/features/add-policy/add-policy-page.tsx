/**
 * Add New Insurance Policy (admin, spec section 2): the policy form with a live preview of the
 * chosen image, prepared on this device as soon as it is chosen (components/use-prepared-picture.ts:
 * a camera's photo is too big for the server's checks); the image is uploaded first, then the
 * policy is created with its address.
 * Below it the policies on offer, each to edit in the same form or to withdraw (issue 29).
 */
import { basePremiumChoices, policyCategories, policyDurations } from 'edge-api/src/schemas/policy.ts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useObjectUrl } from '../../components/use-object-url.ts';
import { usePreparedPicture, type SettledPicture } from '../../components/use-prepared-picture.ts';
import { messageOf } from '../../lib/api-error.ts';
import { changePolicy, createPolicy, uploadImage } from './add-policy-api.ts';
import { checkPolicyEdit, checkPolicyForm, emptyPolicyForm, formValuesOf, type PolicyField, type PolicyFormValues } from './policy-form-rules.ts';
import { PoliciesOnOffer } from './policies-on-offer.tsx';
import type { Policy } from '../../lib/local-db.ts';
import './add-policy.css';
import { formatMoney, formatNumber } from '../../lib/i18n/format.ts';
import { type MessageId, t } from '../../lib/i18n/runtime.ts';
import { categoryLabel } from '../../components/category-label.ts';

export function AddPolicyPage() {
  usePageTitle(t('title.addPolicy'));
  const [values, setValues] = useState<PolicyFormValues>(emptyPolicyForm);
  const image = usePreparedPicture();
  // The prepared picture, as it will be sent.
  const preview = useObjectUrl(image.file);
  // A new file input after each reset (a file input cannot be cleared through its value).
  const [fileInputKey, setFileInputKey] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<PolicyField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The policy being edited, or null while adding one. */
  const [editing, setEditing] = useState<Policy | null>(null);

  function startEditing(policy: Policy) {
    setEditing(policy);
    setValues(formValuesOf(policy));
    setErrors({});
    setFailure(null);
    void image.choose(null);
    setFileInputKey((key) => key + 1);
    document.getElementById('policy-title')?.focus();
  }

  function stopEditing() {
    setEditing(null);
    setValues(emptyPolicyForm);
    setErrors({});
    void image.choose(null);
    setFileInputKey((key) => key + 1);
  }

  async function saveEdit(policy: Policy, picture: SettledPicture) {
    const checked = checkPolicyEdit(values, picture.file);
    setErrors(picture.problem ? { ...checked.errors, image: picture.problem } : checked.errors);
    if (!checked.policy || picture.problem) return;
    setBusy(true);
    try {
      const imageUrl = checked.image ? await uploadImage(checked.image) : undefined;
      await changePolicy(policy.id, { ...checked.policy, ...(imageUrl ? { image: imageUrl } : {}) });
      showToast('success', t('addPolicy.saved'), values.title.trim());
      stopEditing();
      void import('../../lib/offline-entry.ts').then((sync) => sync.pullChanges());
    } catch (error) {
      const detail = messageOf(error, '');
      setFailure(detail ? t('addPolicy.saveFailedWith', { detail }) : t('addPolicy.saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  const set = (field: keyof PolicyFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    // A picture still being prepared is waited for.
    setBusy(true);
    const picture = await image.settled();
    setBusy(false);
    if (editing) return saveEdit(editing, picture);
    const checked = checkPolicyForm(values, picture.file);
    setErrors(picture.problem ? { ...checked.errors, image: picture.problem } : checked.errors);
    if (!checked.policy || picture.problem) return;
    setBusy(true);
    try {
      const imageUrl = await uploadImage(checked.image);
      await createPolicy({ ...checked.policy, image: imageUrl });
      showToast('success', t('addPolicy.added'), values.title.trim());
      setValues(emptyPolicyForm);
      void image.choose(null);
      setFileInputKey((key) => key + 1);
      void import('../../lib/offline-entry.ts').then((sync) => sync.pullChanges());
    } catch (error) {
      const detail = messageOf(error, '');
      setFailure(detail ? t('addPolicy.failedWith', { detail }) : t('addPolicy.failed'));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: PolicyField, label: MessageId, control: ReactNode) => (
    <div className={`field add-policy__${name}`}>
      <label htmlFor={`policy-${name}`}>{t(label)}</label>
      {control}
      {errors[name] && <p className="field__error" id={`policy-${name}-error`}>{errors[name]}</p>}
    </div>
  );
  const describedBy = (name: PolicyField) => ({
    id: `policy-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `policy-${name}-error` : undefined,
  });

  return (
    <section className="add-policy">
      <h1>{t('addPolicy.heading')}</h1>
      {editing && (
        <p className="form-message add-policy__editing" role="status">
          {t('addPolicy.editing', { title: editing.title })}
        </p>
      )}
      <form className="panel add-policy__form" noValidate aria-busy={busy || image.preparing} onSubmit={(event) => void submit(event)}>
        {field('title', 'addPolicy.title', <input {...describedBy('title')} value={values.title} maxLength={200} onChange={set('title')} />)}
        {field('titleBn', 'addPolicy.titleBn', <input {...describedBy('titleBn')} lang="bn" value={values.titleBn} maxLength={200} onChange={set('titleBn')} />)}
        {field(
          'category',
          'addPolicy.category',
          <select {...describedBy('category')} value={values.category} onChange={set('category')}>
            <option value="">{t('addPolicy.chooseCategory')}</option>
            {policyCategories.map((category) => <option key={category} value={category}>{categoryLabel(category)}</option>)}
          </select>,
        )}
        {field('shortDetails', 'addPolicy.shortDetails', <input {...describedBy('shortDetails')} value={values.shortDetails} maxLength={500} onChange={set('shortDetails')} />)}
        {field('shortDetailsBn', 'addPolicy.shortDetailsBn', <input {...describedBy('shortDetailsBn')} lang="bn" value={values.shortDetailsBn} maxLength={500} onChange={set('shortDetailsBn')} />)}
        {field('description', 'addPolicy.description', <textarea {...describedBy('description')} rows={5} value={values.description} onChange={set('description')} />)}
        {field('descriptionBn', 'addPolicy.descriptionBn', <textarea {...describedBy('descriptionBn')} lang="bn" rows={5} value={values.descriptionBn} onChange={set('descriptionBn')} />)}
        {field('minAge', 'addPolicy.minAge', <input {...describedBy('minAge')} type="text" inputMode="numeric" value={values.minAge} onChange={set('minAge')} />)}
        {field('maxAge', 'addPolicy.maxAge', <input {...describedBy('maxAge')} type="text" inputMode="numeric" value={values.maxAge} onChange={set('maxAge')} />)}
        {field(
          'coverageRange',
          'addPolicy.coverage',
          <input {...describedBy('coverageRange')} type="text" inputMode="numeric" value={values.coverageRange} onChange={set('coverageRange')} />,
        )}
        {field(
          'duration',
          'addPolicy.duration',
          <select {...describedBy('duration')} value={values.duration} onChange={set('duration')}>
            <option value="">{t('addPolicy.chooseDuration')}</option>
            {policyDurations.map((years) => <option key={years} value={years}>{t('addPolicy.years', { years: formatNumber(years) })}</option>)}
          </select>,
        )}
        {field(
          'basePremium',
          'addPolicy.basePremium',
          <select {...describedBy('basePremium')} value={values.basePremium} onChange={set('basePremium')}>
            <option value="">{t('addPolicy.chooseBasePremium')}</option>
            {basePremiumChoices.map((amount) => <option key={amount} value={amount}>{formatMoney(amount)}</option>)}
          </select>,
        )}
        {field(
          'image',
          'addPolicy.image',
          <input
            key={fileInputKey}
            {...describedBy('image')}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            onChange={(event) => {
              setErrors((current) => ({ ...current, image: undefined }));
              void image.choose(event.target.files?.[0] ?? null).then((result) => result && setErrors((current) => ({ ...current, image: result.problem })));
            }}
          />,
        )}
        {image.preparing && <p className="add-policy__preparing" role="status">{t('documents.preparing')}</p>}
        <div className="add-policy__preview">
          {preview ? (
            <img src={preview} alt={t('addPolicy.previewAlt')} width="320" height="200" />
          ) : (
            <p className="add-policy__preview-empty">{t('addPolicy.previewEmpty')}</p>
          )}
        </div>
        {failure && <p className="form-message form-message--error add-policy__wide" role="alert">{failure}</p>}
        <div className="add-policy__wide">
          {editing ? (
            <span className="row-actions">
              <button type="submit" className="button" disabled={busy}>{busy ? t('addPolicy.saving') : t('addPolicy.save')}</button>
              <button type="button" className="button button--secondary" disabled={busy} onClick={stopEditing}>{t('addPolicy.cancelEdit')}</button>
            </span>
          ) : (
            <button type="submit" className="button" disabled={busy}>{busy ? t('addPolicy.adding') : t('addPolicy.add')}</button>
          )}
        </div>
      </form>
      <PoliciesOnOffer onEdit={startEditing} />
    </section>
  );
}
