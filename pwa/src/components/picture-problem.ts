/** Why a chosen picture was not taken (lib/documents/prepare.ts PrepareProblem), in the person's language. */
import { documentLimits } from 'edge-api/src/schemas/document.ts';
import { formatNumber } from '../lib/i18n/format.ts';
import { t } from '../lib/i18n/runtime.ts';

export const pictureProblemText = (problem: string) => {
  switch (problem) {
    case 'not-an-image':
      return t('documents.notAnImage');
    case 'too-large':
      return t('documents.tooLarge', { size: `${formatNumber(Math.round(documentLimits.maxBytes / 1024))} KB` });
    case 'over-quota':
      return t('documents.overQuota', { size: `${formatNumber(Math.floor(documentLimits.quotaBytes / 1024 / 1024))} MB` });
    default:
      return t('documents.unreadable');
  }
};
