/**
 * Rejecting a claim (spec section 4's confirmation, issue 29's reason): "cannot be undone", a
 * reason from a short list and the agent's own words, which the customer reads. The reason's
 * fields are one block, shared with the admin's reject (components/reject-reason-fields.tsx);
 * `children` places further fields beside it (the evidence of the documents room, say).
 */
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useRejectReason } from '../../components/reject-reason-fields.tsx';
import { t } from '../../lib/i18n/runtime.ts';
import type { RejectionGrounds } from './queue-decision.ts';

interface RejectClaimDialogProps {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onReject: (grounds: RejectionGrounds) => void;
  /** Further fields shown after the reason's. */
  children?: ReactNode;
}

export function RejectClaimDialog({ open, busy, onCancel, onReject, children }: RejectClaimDialogProps) {
  const grounds = useRejectReason();
  function confirm() {
    const taken = grounds.take();
    if (taken) onReject(taken);
  }
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      onCancel={onCancel}
      onConfirm={confirm}
      confirmLabel={t('claim.confirmReject')}
      busyLabel={t('claim.rejecting')}
    >
      <p>{t('claim.cannotUndo')}</p>
      {grounds.fields}
      {children}
    </ConfirmDialog>
  );
}
