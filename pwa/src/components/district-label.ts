/**
 * A district as people read it (issue 48): its Bangla name on Bangla pages, its English one on
 * English pages, whichever spelling it was stored under; text that names no district as written.
 */
import { districtOf } from 'edge-api/src/schemas/districts.ts';
import { currentLocale } from '../lib/i18n/runtime.ts';

export function districtLabel(stored: string | null | undefined): string {
  const district = districtOf(stored);
  if (!district) return stored ?? '';
  return currentLocale() === 'bn' ? district.bn : district.name;
}
