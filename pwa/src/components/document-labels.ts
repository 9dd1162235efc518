/** The name of each kind of document, in the page's language. */
import type { DocumentKind } from 'edge-api/src/schemas/document.ts';
import { t } from '../lib/i18n/runtime.ts';

export function documentKindLabel(kind: DocumentKind): string {
  switch (kind) {
    case 'nid-front':
      return t('documents.nidFront');
    case 'nid-back':
      return t('documents.nidBack');
    case 'photo':
      return t('documents.photo');
    case 'other':
      return t('documents.other');
    case 'evidence':
      return t('documents.evidence');
  }
}
