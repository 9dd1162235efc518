/**
 * A district chosen from the 64 (issue 48), named in the page's language and sorted as its
 * reader reads them; the value is the district's stored name (edge-api/src/schemas/districts.ts).
 * A value the list does not know (typed on an older version) stays choosable as it was.
 */
import type { SelectHTMLAttributes } from 'react';
import { districtOf, districts } from 'edge-api/src/schemas/districts.ts';
import { currentLocale, t } from '../lib/i18n/runtime.ts';
import { districtLabel } from './district-label.ts';

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'children'> & {
  value: string;
  onChange: (district: string) => void;
};

export function DistrictSelect({ value, onChange, ...select }: Props) {
  const locale = currentLocale();
  const choices = districts
    .map((district) => ({ value: district.name, label: districtLabel(district.name) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale === 'bn' ? 'bn' : 'en'));
  const known = value === '' || districtOf(value) !== null;
  const chosen = districtOf(value)?.name ?? value;
  return (
    <select {...select} value={chosen} onChange={(event) => onChange(event.target.value)}>
      <option value="">{t('district.choose')}</option>
      {!known && <option value={value}>{value}</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>{choice.label}</option>
      ))}
    </select>
  );
}
