/** Loading, error and empty states, announced to screen readers. */
import type { ReactNode } from 'react';
import { t } from '../lib/i18n/runtime.ts';

export function LoadingState({ children }: { children: ReactNode }) {
  return (
    <p className="state state--loading" role="status">
      <span className="spinner" aria-hidden="true" /> {children}
    </p>
  );
}

export function ErrorState({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <div className="state state--error" role="alert">
      <p>{children}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>{t('state.tryAgain')}</button>
      )}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="state state--empty">{children}</p>;
}
