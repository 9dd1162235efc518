/**
 * Whether an applicant proved their number with a code (issue 50), for staff: an SMS about a
 * decision or a due reaches a proven number. Nothing when it is not known (an offline copy).
 */
import { t } from '../lib/i18n/runtime.ts';

export function NumberProvenBadge({ proven }: { proven: boolean | null | undefined }) {
  if (proven === null || proven === undefined) return null;
  return <span className={`badge ${proven ? 'badge--success' : 'badge--warn'}`}>{proven ? t('claim.numberProven') : t('claim.numberUnproven')}</span>;
}
