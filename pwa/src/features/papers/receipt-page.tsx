/**
 * /dashboard/receipts/:id: the receipt of an application's confirmed payment, for its owner
 * and admins. It travels with the application in the device's copy, so it opens offline; it
 * prints on A4 and saves as PDF from a phone (papers.css).
 */
import { Link, useParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { useMoneyFont } from '../../components/use-money-font.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { formatDateTime, formatMoney } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { methodLabel } from './paper-labels.ts';
import { fetchReceipt, type Receipt } from './papers-api.ts';
import { PrintButton } from './print-button.tsx';
import { usePaper } from './use-paper.ts';
import './papers.css';
import { shownPolicyName } from '../../components/policy-text.ts';

export function ReceiptPage() {
  usePageTitle(t('papers.receiptTitle'));
  useMoneyFont();
  const { id = '' } = useParams();
  const { paper, remote } = usePaper<Receipt>(id, (application) => application.papers?.receipt ?? null, fetchReceipt);
  return (
    <section className="papers">
      <p className="papers__noprint"><Link to="/dashboard/myApplication">{t('papers.back')}</Link></p>
      {paper ? (
        <ReceiptSheet receipt={paper} />
      ) : remote.status === 'error' ? (
        <ErrorState>
          {remote.error instanceof ApiRequestError && remote.error.status === 404 ? t('papers.noReceipt') : messageOf(remote.error, t('papers.fetchFailed'))}
        </ErrorState>
      ) : (
        <LoadingState>{t('papers.loading')}</LoadingState>
      )}
    </section>
  );
}

function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  return (
    <article className="papers__sheet" aria-labelledby="receipt-heading">
      <header className="papers__header">
        <p className="papers__brand">{t('papers.brand')}</p>
        <h1 id="receipt-heading">{t('papers.receiptHeading')}</h1>
        {receipt.refundedAt ? (
          <p className="badge badge--warn papers__state">{t('papers.refunded', { date: formatDateTime(receipt.refundedAt) })}</p>
        ) : (
          <p className="badge badge--success papers__state">{t('papers.paid')}</p>
        )}
      </header>
      <dl className="papers__facts">
        <div><dt>{t('papers.receiptNumber')}</dt><dd className="papers__number">{receipt.receiptNumber}</dd></div>
        <div><dt>{t('papers.paidAt')}</dt><dd>{formatDateTime(receipt.paidAt)}</dd></div>
        <div><dt>{t('papers.amount')}</dt><dd className="papers__amount">{formatMoney(receipt.amountMinor, { fractionDigits: 2 })}</dd></div>
        <div><dt>{t('papers.method')}</dt><dd>{methodLabel(receipt.method)}</dd></div>
        <div><dt>{t('papers.policy')}</dt><dd>{shownPolicyName(receipt)}</dd></div>
        <div><dt>{t('papers.application')}</dt><dd className="papers__code">{receipt.applicationId}</dd></div>
        <div><dt>{t('papers.holder')}</dt><dd>{receipt.holder}</dd></div>
        <div><dt>{t('papers.transaction')}</dt><dd className="papers__code">{receipt.transactionId}</dd></div>
      </dl>
      <p className="papers__note">{receipt.method === 'demo' ? t('papers.demoNote') : t('papers.receiptNote')}</p>
      <PrintButton />
    </article>
  );
}
