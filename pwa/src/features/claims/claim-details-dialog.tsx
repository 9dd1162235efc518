/** The claim in full for the agent's decision: applicant and policy information (spec section 2). */
import { Dialog } from '../../components/dialog.tsx';
import type { Application } from '../../lib/local-db.ts';
import { ClaimStatus, formatDate, formatPremium } from './claim-status.tsx';
import type { ClaimDecision } from './decide-claim.ts';

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
      title="Policy Claim Details"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--danger" disabled={busy !== null} onClick={onReject}>
            {busy === 'rejected' ? 'Rejecting...' : 'Reject'}
          </button>
          <button type="button" className="button" disabled={busy !== null} onClick={onApprove}>
            {busy === 'approved' ? 'Approving...' : 'Approve'}
          </button>
        </>
      }
    >
      <div className="claim-details">
        <section aria-labelledby="claim-applicant">
          <h3 id="claim-applicant">Applicant Information</h3>
          <dl>
            <dt>Name</dt>
            <dd>{claim.name}</dd>
            <dt>Email</dt>
            <dd>{claim.email || claim.userEmail}</dd>
            <dt>Phone</dt>
            <dd>{claim.phone || 'N/A'}</dd>
            <dt>Address</dt>
            <dd>{claim.address || 'N/A'}</dd>
          </dl>
        </section>
        <section aria-labelledby="claim-policy">
          <h3 id="claim-policy">Policy Information</h3>
          <dl>
            <dt>Policy Type</dt>
            <dd>{claim.category ?? claim.policyType ?? 'N/A'}</dd>
            <dt>Policy Name</dt>
            <dd>{claim.policyName}</dd>
            {/* The spec shows the applicant's NID under this label. */}
            <dt>Coverage</dt>
            <dd>{claim.nid || 'N/A'}</dd>
            <dt>Premium</dt>
            <dd>{formatPremium(claim.estimatedPremium)}</dd>
            <dt>Applied Date</dt>
            <dd>{formatDate(claim.appliedAt)}</dd>
            <dt>Status</dt>
            <dd><ClaimStatus status={claim.status} /></dd>
          </dl>
        </section>
      </div>
    </Dialog>
  );
}
