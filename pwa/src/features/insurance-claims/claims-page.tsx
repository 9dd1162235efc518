/**
 * /dashboard/claims (issue 31), each role's list of insurance claims:
 * - "My Claims" for a claimant, from the device's copy (offline too), with "File a claim";
 * - "Claims to Clear" for an agent, the claims assigned to them, from the device's copy: the
 *   agent clears them in the field. (The spec's Policy Clearance reviews applications and is
 *   another screen.)
 * - "Claims" for an admin, paged and filtered by the server (status, overdue), with the count of
 *   overdue claims flagged at the top.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { claimStatuses, dhakaToday, undecidedClaimStatuses, type ClaimStatus } from 'edge-api/src/schemas/claim.ts';
import { PageNav } from '../../components/page-nav.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { localDb, type Claim } from '../../lib/local-db.ts';
import { pendingLabel } from '../../lib/outbox-overlay.ts';
import { downloadedFor, pullStatus } from '../../lib/pull-status.ts';
import { useStatusStore } from '../../lib/status-store.ts';
import { usePagedRequest } from '../../lib/use-paged-request.ts';
import { useSession } from '../../lib/use-session.ts';
import { formatDate, formatNumber } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { claimsPageSize, fetchClaimsPage } from './claims-api.ts';
import { kindLabel, statusLabel, statusTone } from './claim-texts.ts';
import './claims.css';
import { shownPolicyName } from '../../components/policy-text.ts';

const isOverdue = (claim: Pick<Claim, 'status' | 'dueOn'>) =>
  (undecidedClaimStatuses as readonly string[]).includes(claim.status) && claim.dueOn < dhakaToday(new Date());

/** One claim as a card: number, kind and policy, state, due date; the whole card opens it. */
export function ClaimCard({ claim }: { claim: Claim }) {
  const waiting = pendingLabel(claim);
  return (
    <li className="claim-card">
      <Link className="claim-card__link" to={`/dashboard/claims/${claim.id}`}>
        <span className="claim-card__number">{claim.claimNumber}</span>
        <span className="claim-card__title">{t('claims.cardTitle', { kind: kindLabel(claim.kind), policy: shownPolicyName(claim) })}</span>
      </Link>
      <p className="claim-card__facts">
        <span className={`badge badge--${statusTone[claim.status]}`}>{statusLabel(claim.status)}</span>
        {waiting && <span className="badge badge--info">{waiting}</span>}
        {isOverdue(claim) && <span className="badge badge--danger">{t('claims.overdue')}</span>}
        {claim.nomineeUnverified && <span className="badge badge--warn">{t('claims.unverifiedTag')}</span>}
      </p>
      <p className="claim-card__due">
        {claim.status === 'paid' || claim.status === 'rejected' || claim.status === 'approved'
          ? t('claims.filedOn', { date: formatDate(claim.filedAt) })
          : t('claims.dueBy', { date: formatDate(`${claim.dueOn}T12:00:00Z`) })}
      </p>
    </li>
  );
}

function ClaimList({ claims, label }: { claims: Claim[]; label: string }) {
  return (
    <ul className="claim-list" aria-label={label}>
      {claims.map((claim) => (
        <ClaimCard key={claim.id} claim={claim} />
      ))}
    </ul>
  );
}

/** The device's copy of the claims this person may see, newest first, once it is filled. */
function useLocalClaims(filter: (claim: Claim) => boolean, deps: unknown[]) {
  const { user } = useSession();
  const status = useStatusStore(pullStatus);
  const rows = useLiveQuery(async () => (await localDb.claims.orderBy('filedAt').reverse().toArray()).filter(filter), deps);
  const ready = rows !== undefined && (rows.length > 0 || downloadedFor(status, user?.id));
  return ready ? rows : undefined;
}

function MyClaims({ email }: { email: string }) {
  const claims = useLocalClaims((claim) => claim.claimantEmail.toLowerCase() === email.toLowerCase(), [email]);
  return (
    <>
      <Link className="button claims__file" to="/dashboard/claims/new">{t('claims.fileButton')}</Link>
      {claims === undefined && <LoadingState>{t('claims.loading')}</LoadingState>}
      {claims?.length === 0 && <EmptyState>{t('claims.noneMine')}</EmptyState>}
      {claims && claims.length > 0 && <ClaimList claims={claims} label={t('claims.myHeading')} />}
    </>
  );
}

function ClaimsToClear({ email }: { email: string }) {
  const mine = (claim: Claim) => claim.assignedAgent?.toLowerCase() === email.toLowerCase();
  const claims = useLocalClaims(mine, [email]);
  const open = claims?.filter((claim) => claim.status === 'assigned' || claim.status === 'more_documents');
  const done = claims?.filter((claim) => !(claim.status === 'assigned' || claim.status === 'more_documents'));
  return (
    <>
      <p className="claims__lead">{t('claims.toClearLead')}</p>
      {claims === undefined && <LoadingState>{t('claims.loading')}</LoadingState>}
      {open?.length === 0 && <EmptyState>{t('claims.noneToClear')}</EmptyState>}
      {open && open.length > 0 && <ClaimList claims={open} label={t('claims.toClearHeading')} />}
      {done && done.length > 0 && (
        <>
          <h2>{t('claims.clearedHeading')}</h2>
          <ClaimList claims={done} label={t('claims.clearedHeading')} />
        </>
      )}
    </>
  );
}

type StatusFilter = ClaimStatus | '';

function AllClaims() {
  const [status, setStatus] = useState<StatusFilter>('');
  const [overdue, setOverdue] = useState(false);
  const [page, setPage] = useState(1);
  const claims = usePagedRequest((signal) => fetchClaimsPage({ status, overdue, page }, signal), [status, overdue, page]);
  const shown = claims.status === 'error' ? undefined : claims.shown;
  return (
    <>
      {shown && shown.overdueCount > 0 && (
        <p className="form-message form-message--error claims__overdue" role="status">
          {t('claims.overdueFlag', { count: formatNumber(shown.overdueCount) })}{' '}
          <button type="button" className="button button--small button--secondary" onClick={() => { setOverdue(true); setPage(1); }}>
            {t('claims.showOverdue')}
          </button>
        </p>
      )}
      <form className="claims__filters" aria-label={t('claims.filters')} onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor="claims-status">{t('claims.statusFilter')}</label>
          <select id="claims-status" value={status} onChange={(event) => { setStatus(event.target.value as StatusFilter); setPage(1); }}>
            <option value="">{t('claims.allStatuses')}</option>
            {claimStatuses.map((choice) => (
              <option key={choice} value={choice}>{statusLabel(choice)}</option>
            ))}
          </select>
        </div>
        <label className="claims__check">
          <input type="checkbox" checked={overdue} onChange={(event) => { setOverdue(event.target.checked); setPage(1); }} /> {t('claims.overdueOnly')}
        </label>
      </form>
      {claims.status === 'loading' && !shown && <LoadingState>{t('claims.loading')}</LoadingState>}
      {claims.status === 'error' && <ErrorState onRetry={claims.reload}>{t('claims.loadFailed')}</ErrorState>}
      {shown && shown.total === 0 && <EmptyState>{t('claims.noneFound')}</EmptyState>}
      {shown && shown.total > 0 && (
        <>
          <ClaimList claims={shown.items} label={t('claims.adminHeading')} />
          <PageNav label={t('claims.pages')} page={shown.page} pageSize={claimsPageSize} total={shown.total} onPage={setPage} busy={claims.status === 'loading'} onlyWhenPaged />
        </>
      )}
    </>
  );
}

export function ClaimsPage() {
  const { user } = useSession();
  const role = user?.role;
  const heading = role === 'admin' ? t('claims.adminHeading') : role === 'agent' ? t('claims.toClearHeading') : t('claims.myHeading');
  usePageTitle(heading);
  if (!user) return null;
  return (
    <section className="claims">
      <h1>{heading}</h1>
      {role === 'admin' && <AllClaims />}
      {role === 'agent' && <ClaimsToClear email={user.email} />}
      {role !== 'admin' && role !== 'agent' && <MyClaims email={user.email} />}
    </section>
  );
}
