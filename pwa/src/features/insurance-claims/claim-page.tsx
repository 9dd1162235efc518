/**
 * /dashboard/claims/:id (issue 31): one insurance claim with its state, its due date, the papers
 * its kind needs, its timeline and, once paid, the payout receipt; below, what the person looking
 * may do (claim-actions.tsx). Read from the device's copy first (an agent in the field, a
 * claimant offline), else from the server; an admin's view also asks the server for the agents
 * to suggest.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { dhakaToday, undecidedClaimStatuses, type RequiredDocument } from 'edge-api/src/schemas/claim.ts';
import { DocumentGallery } from '../../components/document-gallery.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { isNotFound } from '../../lib/api-error.ts';
import { localDb, type Claim } from '../../lib/local-db.ts';
import { pendingLabel } from '../../lib/outbox-overlay.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useRequest } from '../../lib/use-request.ts';
import { useSession } from '../../lib/use-session.ts';
import { formatDate, formatDateTime, formatMoney } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { ClaimActions } from './claim-actions.tsx';
import { districtLabel } from '../../components/district-label.ts';
import { PaperChecklist } from './paper-checklist.tsx';
import { fetchClaim } from './claims-api.ts';
import { documentLabel, kindLabel, methodLabel, statusLabel, statusTone, stepLabel } from './claim-texts.ts';
import './claims.css';
import { shownPolicyName } from '../../components/policy-text.ts';

const day = (date: string) => formatDate(`${date}T12:00:00Z`);

/** The agent by name, with a phone to tap (issue 48), as the device knows them; else the address they were given by. */
function AgentName({ email }: { email: string }) {
  const agent = useLiveQuery(() => localDb.agents.filter((one) => one.email.toLowerCase() === email.toLowerCase()).first(), [email]);
  if (!agent) return <>{email}</>;
  return (
    <>
      {agent.name}
      {agent.phone && (
        <>
          {' · '}
          <a href={`tel:${agent.phone.replace(/[^\d+]/g, '')}`} aria-label={t('apps.callAgent', { agent: agent.name, phone: agent.phone })}>{agent.phone}</a>
        </>
      )}
    </>
  );
}

function Facts({ claim }: { claim: Claim }) {
  const rows: [string, ReactNode][] = [
    [t('claims.insured'), claim.insuredName],
    [t('claims.claimant'), `${claim.claimantName} (${claim.relation === 'nominee' ? t('claims.relation.nominee') : t('claims.relation.policyholder')})`],
    // The NID the nominee gave: the assigned agent and admins compare it with the papers (issue 47).
    ...(claim.claimantNid ? [[t('claims.claimantNidFact'), claim.claimantNid] as [string, string]] : []),
    [t('claims.policyNumber'), claim.policyNumber],
    [t('claims.eventDate'), day(claim.eventDate)],
    [t('claims.districtLabel'), districtLabel(claim.district)],
    [t('claims.filed'), formatDateTime(claim.filedAt)],
    [t('claims.dueOn'), day(claim.dueOn)],
    [t('claims.coverage'), formatMoney(claim.coveragePoisha)],
    [t('claims.payoutTo'), `${methodLabel(claim.payoutMethod)} ${claim.payoutBankName ?? ''} ${claim.payoutAccount}`.replace(/\s+/g, ' ')],
    ...(claim.assignedAgent ? [[t('claims.agent'), <AgentName key="agent" email={claim.assignedAgent} />] as [string, ReactNode]] : []),
    ...(claim.approvedPoisha !== null ? [[t('claims.approvedAmount'), formatMoney(claim.approvedPoisha)] as [string, ReactNode]] : []),
  ];
  return (
    <dl className="claim__facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Timeline({ claim }: { claim: Claim }) {
  return (
    <section aria-labelledby="claim-timeline">
      <h2 id="claim-timeline">{t('claims.timeline')}</h2>
      <ol className="claim__timeline">
        {claim.history.map((step, index) => (
          <li key={`${step.at}-${index}`}>
            <strong>{stepLabel(step.step)}</strong> <time dateTime={step.at}>{formatDateTime(step.at)}</time>
            {step.amountPoisha !== null && <span> · {formatMoney(step.amountPoisha)}</span>}
            {step.text && <p className="claim__step-text">{step.text}</p>}
          </li>
        ))}
        {(undecidedClaimStatuses as readonly string[]).includes(claim.status) && (
          <li className="claim__timeline-due">{t('claims.decisionDue', { date: day(claim.dueOn) })}</li>
        )}
      </ol>
    </section>
  );
}

/** The claimant's payout receipt: what was paid, where, when, and the provider's reference. */
function PayoutReceipt({ claim }: { claim: Claim }) {
  if (!claim.payout) return null;
  const { payout } = claim;
  return (
    <section className="claim__receipt" aria-labelledby="claim-receipt">
      <h2 id="claim-receipt">{t('claims.receiptHeading')}</h2>
      <dl className="claim__facts">
        <div><dt>{t('claims.receiptNumber')}</dt><dd>{payout.receiptNumber}</dd></div>
        <div><dt>{t('claims.claimNumber')}</dt><dd>{claim.claimNumber}</dd></div>
        <div><dt>{t('claims.amountPaid')}</dt><dd>{formatMoney(payout.amountPoisha)}</dd></div>
        <div><dt>{t('claims.paidTo')}</dt><dd>{`${methodLabel(payout.method)} ${payout.account}`}</dd></div>
        <div><dt>{t('claims.reference')}</dt><dd>{payout.reference}</dd></div>
        <div><dt>{t('claims.paidOn')}</dt><dd>{formatDateTime(payout.paidAt)}</dd></div>
      </dl>
      <button type="button" className="button button--secondary" onClick={() => window.print()}>{t('claims.printReceipt')}</button>
    </section>
  );
}

export function ClaimPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const online = useOnline();
  const local = useLiveQuery(() => localDb.claims.get(id).then((row) => row ?? null), [id]);
  const isAdmin = user?.role === 'admin';
  // The server's copy: when the device has none, and always for an admin (the suggested agents).
  const remote = useRequest((signal) => fetchClaim(id, signal), [id, online], online && (isAdmin || local === null));
  const fromServer = remote.status === 'ready' ? remote.data.claim : undefined;
  // An admin works online: the server's copy is the newer one; others read their device's first.
  const claim: Claim | undefined = (isAdmin ? (fromServer ?? local) : (local ?? fromServer)) ?? undefined;
  usePageTitle(claim ? t('claims.claimTitle', { number: claim.claimNumber }) : t('claims.claimTitleLoading'));

  if (!claim) {
    if (remote.status === 'error') {
      return <ErrorState onRetry={remote.reload}>{isNotFound(remote.error) ? t('claims.notFound') : t('claims.loadOneFailed')}</ErrorState>;
    }
    if (local === null && !online) return <ErrorState>{t('claims.notOnDevice')}</ErrorState>;
    return <LoadingState>{t('claims.loadingOne')}</LoadingState>;
  }
  const waiting = pendingLabel(claim);
  const overdue = (undecidedClaimStatuses as readonly string[]).includes(claim.status) && claim.dueOn < dhakaToday(new Date());
  return (
    <article className="claim">
      <p><Link to="/dashboard/claims">{t('claims.back')}</Link></p>
      <h1>{t('claims.claimTitle', { number: claim.claimNumber })}</h1>
      <p className="claim__subtitle">{t('claims.cardTitle', { kind: kindLabel(claim.kind), policy: shownPolicyName(claim) })}</p>
      <p className="claim-card__facts">
        <span className={`badge badge--${statusTone[claim.status]}`} data-testid="claim-status">{statusLabel(claim.status)}</span>
        {waiting && <span className="badge badge--info">{waiting}</span>}
        {overdue && <span className="badge badge--danger">{t('claims.overdue')}</span>}
        {claim.nomineeUnverified && <span className="badge badge--warn">{t('claims.unverifiedTag')}</span>}
      </p>
      {claim.nomineeUnverified && (
        <p className="form-message form-message--error" role="note" data-testid="claim-unverified">
          {user?.role === 'agent' || user?.role === 'admin' ? t('claims.unverifiedForStaff') : t('claims.unverifiedForClaimant')}
        </p>
      )}
      {claim.status === 'more_documents' && claim.missingDocuments && (
        <p className="form-message form-message--error" role="status">
          <strong>{t('claims.missingHeading')}</strong> {claim.missingDocuments}
        </p>
      )}
      {claim.status === 'rejected' && claim.decisionReason && (
        <p className="form-message form-message--error"><strong>{t('claims.reasonHeading')}</strong> {claim.decisionReason}</p>
      )}
      <Facts claim={claim} />
      <section aria-labelledby="claim-documents">
        <h2 id="claim-documents">{t('claims.documentsHeading')}</h2>
        <p className="claims__lead">{t('claims.documentsLead')}</p>
        <PaperChecklist claimId={claim.id} papers={claim.requiredDocuments} />
        {/* The photos on this device: kept after upload or download, and those still waiting to go. */}
        <DocumentGallery applicationId={claim.id} claim={{ paperLabel: (paper) => documentLabel(paper as RequiredDocument) }} />
      </section>
      <PayoutReceipt claim={claim} />
      <Timeline claim={claim} />
      {user && <ClaimActions claim={claim} user={user} suggestedAgents={remote.status === 'ready' ? remote.data.suggestedAgents : []} onChanged={remote.reload} />}
    </article>
  );
}
