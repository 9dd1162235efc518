/**
 * "Are you sure?" before a change that cannot be undone (spec: delete, reject, assign): Cancel
 * and the confirming button, both disabled while the change is under way; Escape does nothing
 * then either.
 */
import type { ReactNode } from 'react';
import { Dialog } from './dialog.tsx';
import { t } from '../lib/i18n/runtime.ts';

interface ConfirmDialogProps {
  open: boolean;
  /** True while the confirmed change is being made. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** The confirming button, e.g. 'Yes, delete it!'. */
  confirmLabel: string;
  /** The confirming button while busy, e.g. 'Deleting...'. */
  busyLabel: string;
  /** Red confirming button (a destructive change); default true. */
  danger?: boolean;
  /** What will happen. */
  children: ReactNode;
}

export function ConfirmDialog({ open, busy, onCancel, onConfirm, confirmLabel, busyLabel, danger = true, children }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={t('confirm.title')}
      onClose={() => !busy && onCancel()}
      actions={
        <>
          <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>{t('confirm.cancel')}</button>
          <button type="button" className={danger ? 'button button--danger' : 'button'} disabled={busy} onClick={onConfirm}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
