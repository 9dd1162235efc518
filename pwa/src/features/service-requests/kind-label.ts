/** What a kind of change request is called on the screens (issue 51). */
import { t } from '../../lib/i18n/runtime.ts';

export const kindLabel = (kind: string) =>
  kind === 'nominee'
    ? t('service.kindNominee')
    : kind === 'contact'
      ? t('service.kindContact')
      : kind === 'premium_mode'
        ? t('service.kindPremiumMode')
        : t('service.kindDuplicate');
