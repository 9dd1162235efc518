/** The payment cell's receipt and certificate links (issue 26), and "Refunded" once the money went back. */
import { Link } from 'react-router-dom';
import type { Application } from '../../lib/local-db.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { shownPolicyName } from '../../components/policy-text.ts';

export function PaperLinks({ application }: { application: Application }) {
  const { receipt, certificate } = application.papers ?? { receipt: null, certificate: null };
  if (!receipt) return null;
  return (
    <span className="row-actions my-applications__papers">
      {receipt.refundedAt && <span className="badge badge--warn">{t('papers.refundedShort')}</span>}
      <Link to={`/dashboard/receipts/${application.id}`} aria-label={t('papers.receiptFor', { policy: shownPolicyName(application) })}>
        {t('papers.receipt')}
      </Link>
      {certificate && (
        <Link to={`/dashboard/certificates/${application.id}`} aria-label={t('papers.certificateFor', { policy: shownPolicyName(application) })}>
          {t('papers.certificate')}
        </Link>
      )}
      {certificate && (
        <Link to={`/dashboard/policies/${application.id}/change`} aria-label={t('service.changeFor', { policy: shownPolicyName(application) })}>
          {t('service.requestLink')}
        </Link>
      )}
      {certificate && (
        <Link to={`/dashboard/policies/${application.id}/history`} aria-label={t('service.historyFor', { policy: shownPolicyName(application) })}>
          {t('service.historyLink')}
        </Link>
      )}
    </span>
  );
}
