/** The receipts of a policy's premiums, newest first, each with the dues it covered. */
import { EmptyState } from '../../components/states.tsx';
import { formatDateTime, formatMoney } from '../i18n/format.ts';
import { t } from '../i18n/runtime.ts';
import { formatDay, paymentMethodLabel } from './premium-labels.tsx';
import type { Due, PremiumReceipt } from './premiums-api.ts';

const money = (minor: number) => formatMoney(minor, { fractionDigits: 2 });

export function ReceiptCard({ receipt, dues }: { receipt: PremiumReceipt; dues: readonly Pick<Due, 'id' | 'dueOn' | 'amountMinor'>[] }) {
  const covered = receipt.dueIds.map((id) => dues.find((due) => due.id === id)).filter((due) => due !== undefined);
  return (
    <article className="panel premiums__receipt" aria-label={t('prem.receiptLabel', { number: receipt.receiptNumber })}>
      <h3>{t('prem.receiptNumber', { number: receipt.receiptNumber })}</h3>
      <p>
        {t('prem.receiptPaid', { amount: money(receipt.amountMinor), when: formatDateTime(receipt.paidAt) })}{' '}
        {receipt.provider === 'field' ? t('prem.inCash', { agent: receipt.collectedBy ?? '' }) : paymentMethodLabel(receipt.method)}
      </p>
      {receipt.revived && <p className="badge badge--success">{t('prem.revived')}</p>}
      <p className="premiums__covered-label">{t('prem.covered')}</p>
      <ul className="premiums__covered">
        {covered.map((due) => (
          <li key={due.id}>{t('prem.coveredDue', { day: formatDay(due.dueOn), amount: money(due.amountMinor) })}</li>
        ))}
      </ul>
    </article>
  );
}

export function ReceiptList({ receipts, dues }: { receipts: readonly PremiumReceipt[]; dues: readonly Due[] }) {
  if (receipts.length === 0) return <EmptyState>{t('prem.noReceipts')}</EmptyState>;
  return (
    <div className="premiums__receipts">
      {[...receipts].reverse().map((receipt) => (
        <ReceiptCard key={receipt.id} receipt={receipt} dues={dues} />
      ))}
    </div>
  );
}
