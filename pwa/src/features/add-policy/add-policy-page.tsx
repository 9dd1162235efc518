/**
 * Add New Insurance Policy (admin, spec section 2): the policy form with a live preview of the
 * chosen image; the image is uploaded first, then the policy is created with its address.
 */
import { basePremiumChoices, policyCategories, policyDurations } from 'edge-api/src/schemas/policy.ts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { messageOf } from '../../lib/api-error.ts';
import { createPolicy, uploadImage } from './add-policy-api.ts';
import { checkPolicyForm, emptyPolicyForm, type PolicyField, type PolicyFormValues } from './policy-form-rules.ts';
import './add-policy.css';
import { formatMoney, formatNumber } from '../../lib/i18n/format.ts';
import { type MessageId, t } from '../../lib/i18n/runtime.ts';
import { categoryLabel } from '../../components/category-label.ts';

export function AddPolicyPage() {
  usePageTitle(t('title.addPolicy'));
  const [values, setValues] = useState<PolicyFormValues>(emptyPolicyForm);
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // A new file input after each reset (a file input cannot be cleared through its value).
  const [fileInputKey, setFileInputKey] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<PolicyField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The chosen file and its live preview; the previous preview's memory is released. */
  function chooseImage(file: File | null) {
    if (preview) URL.revokeObjectURL(preview);
    setImage(file);
    setPreview(file && file.type.startsWith('image/') ? URL.createObjectURL(file) : null);
  }

  const set = (field: keyof PolicyFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = checkPolicyForm(values, image);
    setErrors(checked.errors);
    if (!checked.policy) return;
    setBusy(true);
    try {
      const imageUrl = await uploadImage(checked.image);
      await createPolicy({ ...checked.policy, image: imageUrl });
      showToast('success', t('addPolicy.added'), values.title.trim());
      setValues(emptyPolicyForm);
      chooseImage(null);
      setFileInputKey((key) => key + 1);
      void import('../../lib/sync-pull.ts').then((sync) => sync.pullChanges());
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
      <form className="panel add-policy__form" noValidate onSubmit={(event) => void submit(event)}>
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
            onChange={(event) => chooseImage(event.target.files?.[0] ?? null)}
          />,
        )}
        <div className="add-policy__preview">
          {preview ? (
            <img src={preview} alt={t('addPolicy.previewAlt')} width="320" height="200" />
          ) : (
            <p className="add-policy__preview-empty">{t('addPolicy.previewEmpty')}</p>
          )}
        </div>
        {failure && <p className="form-message form-message--error add-policy__wide" role="alert">{failure}</p>}
        <div className="add-policy__wide">
          <button type="submit" className="button" disabled={busy}>{busy ? t('addPolicy.adding') : t('addPolicy.add')}</button>
        </div>
      </form>
    </section>
  );
}
