/** The claim in full for the agent's decision: applicant and policy information (spec section 2). */
import { Dialog } from '../../components/dialog.tsx';
import type { Application } from '../../lib/local-db.ts';
import { ClaimStatus, formatDate, formatPremium } from './claim-status.tsx';
import type { ClaimDecision } from './decide-claim.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { categoryLabel } from '../../components/category-label.ts';

interface ClaimDetailsDialogProps {
  claim: Application;
  busy: ClaimDecision | null;
  onClose: () => void;
  onApprove: () => void;
  onReject: () => void;
}

export function ClaimDetailsDialog({ claim, busy, onClose, onApprove, onReject }: ClaimDetailsDialogProps) {
  return (
    <Dialog
      open
      title={t('claim.details')}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--danger" disabled={busy !== null} onClick={onReject}>
            {busy === 'rejected' ? t('claim.rejecting') : t('claim.reject')}
          </button>
          <button type="button" className="button" disabled={busy !== null} onClick={onApprove}>
            {busy === 'approved' ? t('claim.approving') : t('claim.approve')}
          </button>
        </>
      }
    >
      <div className="claim-details">
        <section aria-labelledby="claim-applicant">
          <h3 id="claim-applicant">{t('claim.applicantInfo')}</h3>
          <dl>
            <dt>{t('app.name')}</dt>
            <dd>{claim.name}</dd>
            <dt>{t('app.email')}</dt>
            <dd>{claim.email || claim.userEmail}</dd>
            <dt>{t('app.phone')}</dt>
            <dd>{claim.phone || t('common.na')}</dd>
            <dt>{t('app.address')}</dt>
            <dd>{claim.address || t('common.na')}</dd>
          </dl>
        </section>
        <section aria-labelledby="claim-policy">
          <h3 id="claim-policy">{t('claim.policyInfo')}</h3>
          <dl>
            <dt>{t('app.policyType')}</dt>
            <dd>{categoryLabel(claim.category ?? claim.policyType ?? t('common.na'))}</dd>
            <dt>{t('apps.policyName')}</dt>
            <dd>{claim.policyName}</dd>
            {/* The spec shows the applicant's NID under this label. */}
            <dt>{t('claim.coverage')}</dt>
            <dd>{claim.nid || t('common.na')}</dd>
            <dt>{t('claim.premium')}</dt>
            <dd>{formatPremium(claim.estimatedPremium)}</dd>
            <dt>{t('claim.appliedDate')}</dt>
            <dd>{formatDate(claim.appliedAt)}</dd>
            <dt>{t('apps.status')}</dt>
            <dd><ClaimStatus status={claim.status} /></dd>
          </dl>
        </section>
      </div>
    </Dialog>
  );
}
