/**
 * /dashboard/premiums/:applicationId/statement?year=2025 (issue 49 part 6): the statement of
 * premiums paid in a Bangladeshi fiscal year (1 July to 30 June, Dhaka days), as people file it
 * for the investment allowance on their income tax return. A chooser of the fiscal years the
 * policy has had; printed (or saved as PDF) by the browser, the app's chrome left off the paper
 * (statement.css). The server's answer only: a paper to file says what the insurer recorded.
 */
import { useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { fiscalYearLabel } from 'edge-api/src/schemas/premium-schedule.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { shownPolicyName } from '../../components/policy-text.ts';
import { useMoneyFont } from '../../components/use-money-font.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { formatMoney, localDigits } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useRequest } from '../../lib/use-request.ts';
import { formatDay, paymentMethodLabel } from '../../lib/premiums/premium-labels.tsx';
import { fetchStatement, type PremiumStatement, type StatementPayment } from './statement-api.ts';
import './statement.css';

const money = (minor: number) => formatMoney(minor, { fractionDigits: 2 });
/** "2025-26" / "২০২৫-২৬". */
const yearLabel = (year: number) => localDigits(fiscalYearLabel(year));

export function StatementPage() {
  usePageTitle(t('prem.stmt.title'));
  useMoneyFont();
  const { applicationId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const year = search.get('year');
  const online = useOnline();
  const remote = useRequest((signal) => fetchStatement(applicationId, year, signal), [applicationId, year, online], online && applicationId !== '');
  const chooseYear = (chosen: number) => setSearch({ year: String(chosen) });
  return (
    <section className="statement">
      <p className="statement__noprint">
        <Link to={`/dashboard/premiums/${encodeURIComponent(applicationId)}`}>{t('prem.backToPremiums')}</Link>
      </p>
      {remote.status === 'ready' ? (
        <StatementSheet statement={remote.data} onChooseYear={chooseYear} />
      ) : !online ? (
        <ErrorState>{t('prem.stmt.offline')}</ErrorState>
      ) : remote.status === 'error' ? (
        <StatementError error={remote.error} applicationId={applicationId} onRetry={remote.reload} />
      ) : (
        <LoadingState>{t('prem.stmt.loading')}</LoadingState>
      )}
    </section>
  );
}

function StatementError({ error, applicationId, onRetry }: { error: unknown; applicationId: string; onRetry: () => void }) {
  if (error instanceof ApiRequestError && error.status === 404) return <ErrorState>{t('prem.notInForce')}</ErrorState>;
  // A year the policy has no statement for (before it, after its term, not begun): the current one instead.
  if (error instanceof ApiRequestError && (error.status === 422 || error.status === 400)) {
    return (
      <ErrorState>
        {t('prem.stmt.noSuchYear')}{' '}
        <Link to={`/dashboard/premiums/${encodeURIComponent(applicationId)}/statement`}>{t('prem.stmt.showCurrent')}</Link>
      </ErrorState>
    );
  }
  return <ErrorState onRetry={error instanceof ApiRequestError && error.status < 500 ? undefined : onRetry}>{messageOf(error, t('prem.stmt.fetchFailed'))}</ErrorState>;
}

function StatementSheet({ statement, onChooseYear }: { statement: PremiumStatement; onChooseYear: (year: number) => void }) {
  const chooserId = useId();
  return (
    <article className="statement__sheet" aria-labelledby="statement-heading">
      <header>
        <p className="statement__insurer">{t('papers.brand')}</p>
        <h1 id="statement-heading">{t('prem.stmt.heading')}</h1>
        <p className="statement__year">
          {t('prem.stmt.fiscalYear', { year: yearLabel(statement.year), from: formatDay(statement.from), to: formatDay(statement.to) })}
        </p>
      </header>
      <div className="statement__tools statement__noprint">
        <label htmlFor={chooserId}>{t('prem.stmt.chooseYear')}</label>
        <select id={chooserId} value={statement.year} onChange={(event) => onChooseYear(Number(event.target.value))}>
          {[...statement.years].reverse().map((year) => (
            <option key={year} value={year}>{yearLabel(year)}</option>
          ))}
        </select>
        <button type="button" className="button statement__print" onClick={() => window.print()}>{t('prem.stmt.print')}</button>
      </div>
      <dl className="statement__facts">
        <div><dt>{t('papers.holder')}</dt><dd>{statement.holder}</dd></div>
        <div><dt>{t('papers.policyNumber')}</dt><dd>{statement.policyNumber}</dd></div>
        <div><dt>{t('papers.policy')}</dt><dd>{shownPolicyName(statement)}</dd></div>
        <div><dt>{t('prem.stmt.issuedOn')}</dt><dd>{formatDay(statement.issuedOn)}</dd></div>
      </dl>
      <h2>{t('prem.stmt.payments')}</h2>
      {statement.payments.length === 0 ? (
        <EmptyState>{t('prem.stmt.empty')}</EmptyState>
      ) : (
        <ol className="statement__payments">
          {statement.payments.map((payment) => (
            <PaymentRow key={payment.receiptNumber} payment={payment} />
          ))}
        </ol>
      )}
      <p className="statement__total">
        <span>{t('prem.stmt.total')}</span> <strong>{money(statement.totalMinor)}</strong>
      </p>
      <p className="statement__purpose">{t('prem.stmt.purpose')}</p>
    </article>
  );
}

function PaymentRow({ payment }: { payment: StatementPayment }) {
  return (
    <li className="statement__payment">
      <dl>
        <div><dt>{t('papers.receiptNumber')}</dt><dd className="statement__code">{payment.receiptNumber}</dd></div>
        <div><dt>{t('prem.stmt.paidOn')}</dt><dd>{formatDay(payment.paidOn)}</dd></div>
        <div><dt>{t('papers.method')}</dt><dd>{payment.provider === 'field' ? t('prem.stmt.cash') : paymentMethodLabel(payment.method)}</dd></div>
        <div>
          <dt>{t('prem.stmt.duesCovered')}</dt>
          <dd>{payment.dues.map((due) => formatDay(due.dueOn)).join(', ')}</dd>
        </div>
        <div><dt>{t('papers.amount')}</dt><dd className="statement__amount">{money(payment.amountMinor)}</dd></div>
      </dl>
    </li>
  );
}
