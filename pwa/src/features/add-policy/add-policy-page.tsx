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
import { formatMoney } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';

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
      showToast('success', 'Policy added successfully!', values.title.trim());
      setValues(emptyPolicyForm);
      chooseImage(null);
      setFileInputKey((key) => key + 1);
      void import('../../lib/sync-pull.ts').then((sync) => sync.pullChanges());
    } catch (error) {
      const detail = messageOf(error, '');
      setFailure(detail ? `Image upload or policy creation failed! ${detail}` : 'Image upload or policy creation failed!');
    } finally {
      setBusy(false);
    }
  }

  const field = (name: PolicyField, label: string, control: ReactNode) => (
    <div className={`field add-policy__${name}`}>
      <label htmlFor={`policy-${name}`}>{label}</label>
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
      <h1>Add New Insurance Policy</h1>
      <form className="panel add-policy__form" noValidate onSubmit={(event) => void submit(event)}>
        {field('title', 'Policy Title', <input {...describedBy('title')} value={values.title} maxLength={200} onChange={set('title')} />)}
        {field(
          'category',
          'Category',
          <select {...describedBy('category')} value={values.category} onChange={set('category')}>
            <option value="">Select a category</option>
            {policyCategories.map((category) => <option key={category} value={category}>{category}</option>)}
          </select>,
        )}
        {field('shortDetails', 'Short Details', <input {...describedBy('shortDetails')} value={values.shortDetails} maxLength={500} onChange={set('shortDetails')} />)}
        {field('description', 'Description', <textarea {...describedBy('description')} rows={5} value={values.description} onChange={set('description')} />)}
        {field('minAge', 'Minimum Age', <input {...describedBy('minAge')} type="text" inputMode="numeric" value={values.minAge} onChange={set('minAge')} />)}
        {field('maxAge', 'Maximum Age', <input {...describedBy('maxAge')} type="text" inputMode="numeric" value={values.maxAge} onChange={set('maxAge')} />)}
        {field(
          'coverageRange',
          'Coverage Range',
          <input {...describedBy('coverageRange')} type="text" inputMode="numeric" value={values.coverageRange} onChange={set('coverageRange')} />,
        )}
        {field(
          'duration',
          'Duration',
          <select {...describedBy('duration')} value={values.duration} onChange={set('duration')}>
            <option value="">Select a duration</option>
            {policyDurations.map((years) => <option key={years} value={years}>{years} years</option>)}
          </select>,
        )}
        {field(
          'basePremium',
          'Base Premium',
          <select {...describedBy('basePremium')} value={values.basePremium} onChange={set('basePremium')}>
            <option value="">Select a base premium</option>
            {basePremiumChoices.map((amount) => <option key={amount} value={amount}>{formatMoney(amount)}</option>)}
          </select>,
        )}
        {field(
          'image',
          'Policy Image',
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
            <img src={preview} alt="Preview of the chosen policy image" width="320" height="200" />
          ) : (
            <p className="add-policy__preview-empty">The image preview appears here.</p>
          )}
        </div>
        {failure && <p className="form-message form-message--error add-policy__wide" role="alert">{failure}</p>}
        <div className="add-policy__wide">
          <button type="submit" className="button" disabled={busy}>{busy ? 'Adding Policy...' : 'Add Policy'}</button>
        </div>
      </form>
    </section>
  );
}
