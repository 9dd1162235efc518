/**
 * An accessible modal on the native <dialog>: showModal() keeps focus inside and makes the
 * rest of the page inert, Escape closes it, and focus returns to what opened it.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { t } from '../lib/i18n/runtime.ts';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons row; rendered under the content. */
  actions?: ReactNode;
  className?: string;
}

export function Dialog({ open, title, onClose, children, actions, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus?.();
      };
    }
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="dialog__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="dialog__close" aria-label={t('dialog.close')} onClick={onClose}>×</button>
      </div>
      <div className="dialog__body">{children}</div>
      {actions && <div className="dialog__actions">{actions}</div>}
    </dialog>
  );
}
