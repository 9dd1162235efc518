/**
 * The claim in full for the agent's decision (spec section 2, settled by issue 29): who applies
 * (with the NID under "NID", the age from the date of birth, the health declaration and the
 * nominee) and the policy (its coverage from the policy itself, not the applicant's NID).
 */
import { ageOn } from 'edge-api/src/schemas/age-range.ts';
import { Dialog } from '../../components/dialog.tsx';
import type { Application } from '../../lib/local-db.ts';
import { ClaimStatus, formatDate, formatPremium } from './claim-status.tsx';
import type { ClaimDecision } from './decide-claim.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { formatMoney, formatNumber } from '../../lib/i18n/format.ts';
import { categoryLabel } from '../../components/category-label.ts';
import { healthLabel, relationshipLabel } from '../../components/applicant-labels.ts';
import { ageProblem } from '../../components/age-eligibility.ts';
import { useClaimPolicy, type ClaimPolicy } from './use-claim-policy.ts';
import { useNumberProven } from './use-number-proven.ts';
import { NumberProvenBadge } from '../../components/number-proven-badge.tsx';
import { ClaimDocuments } from './claim-documents.tsx';
import type { EvidenceInput } from './evidence.ts';
import { shownPolicyName } from '../../components/policy-text.ts';

interface ClaimDetailsDialogProps {
  claim: Application;
  busy: ClaimDecision | null;
  onClose: () => void;
  onApprove: () => void;
  onReject: () => void;
  /** Photos and a note that go with the decision (issue 27). */
  evidence: EvidenceInput;
}

/** Whether the applicant proved this number with a code (issue 50): an SMS about the decision reaches them. */
function NumberProven({ applicationId }: { applicationId: string }) {
  return <NumberProvenBadge proven={useNumberProven(applicationId)} words={{ proven: t('claim.numberProven'), unproven: t('claim.numberUnproven') }} />;
}

/** "41 (born 12 Apr 1985)", and a warning when the policy's range does not include it. */
function ApplicantAge({ dateOfBirth, policy }: { dateOfBirth: string | null; policy: ClaimPolicy }) {
  if (!dateOfBirth) return <>{t('common.na')}</>;
  const age = ageOn(dateOfBirth, new Date());
  const problem = policy.status === 'ready' ? ageProblem(age, policy.policy) : null;
  return (
    <>
      {t('claim.ageBorn', { age: formatNumber(age), date: formatDate(`${dateOfBirth}T12:00:00Z`) })}
      {problem && <span className="claim-details__warning" role="note"> {problem}</span>}
    </>
  );
}

function Coverage({ policy, quoted }: { policy: ClaimPolicy; quoted: number | null }) {
  // The cover the applicant quoted (issue 48), else the policy's own.
  if (quoted !== null) return <>{formatMoney(quoted)}</>;
  if (policy.status === 'loading') return <>{t('claim.coverageLoading')}</>;
  if (policy.status === 'unknown') return <>{t('common.na')}</>;
  return <>{formatMoney(policy.policy.coverageRange)}</>;
}

export function ClaimDetailsDialog({ claim, busy, onClose, onApprove, onReject, evidence }: ClaimDetailsDialogProps) {
  const policy = useClaimPolicy(claim.policyId);
  const conditions = claim.healthConditions.length ? claim.healthConditions.map(healthLabel).join(', ') : t('claim.noHealthDeclared');
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
            <dd>{claim.phone ? <><a href={`tel:${claim.phone.replace(/[^\d+]/g, '')}`}>{claim.phone}</a> <NumberProven applicationId={claim.id} /></> : t('common.na')}</dd>
            <dt>{t('app.address')}</dt>
            <dd>{claim.address || t('common.na')}</dd>
            <dt>{t('app.nid')}</dt>
            <dd>{claim.nid || t('common.na')}</dd>
            <dt>{t('claim.age')}</dt>
            <dd><ApplicantAge dateOfBirth={claim.dateOfBirth ?? null} policy={policy} /></dd>
            <dt>{t('claim.health')}</dt>
            <dd>{conditions}</dd>
            <dt>{t('claim.nominee')}</dt>
            <dd>{claim.nomineeName ? t('claim.nomineeIs', { name: claim.nomineeName, relationship: relationshipLabel(claim.relationship) }) : t('common.na')}</dd>
          </dl>
        </section>
        <section aria-labelledby="claim-policy">
          <h3 id="claim-policy">{t('claim.policyInfo')}</h3>
          <dl>
            <dt>{t('app.policyType')}</dt>
            <dd>{categoryLabel(claim.category ?? claim.policyType ?? t('common.na'))}</dd>
            <dt>{t('apps.policyName')}</dt>
            <dd>{shownPolicyName(claim)}</dd>
            {/* The spec showed the NID under "Coverage"; the policy's own coverage is shown (decision 0081). */}
            <dt>{t('claim.coverage')}</dt>
            <dd><Coverage policy={policy} quoted={claim.coveragePoisha ?? null} /></dd>
            {policy.status === 'ready' && (
              <>
                <dt>{t('claim.ageRange')}</dt>
                <dd>{t('claim.ages', { min: formatNumber(policy.policy.minAge), max: formatNumber(policy.policy.maxAge) })}</dd>
              </>
            )}
            <dt>{t('claim.premium')}</dt>
            <dd>{formatPremium(claim.estimatedPremium)}</dd>
            <dt>{t('claim.appliedDate')}</dt>
            <dd>{formatDate(claim.appliedAt)}</dd>
            <dt>{t('apps.status')}</dt>
            <dd><ClaimStatus status={claim.status} /></dd>
          </dl>
        </section>
        <ClaimDocuments claim={claim} evidence={evidence} />
      </div>
    </Dialog>
  );
}
