/** Toasts (spec section 9: at most 20 at once; success toasts after 1500 ms by default). */
import { createStatusStore, useStatusStore } from '../lib/status-store.ts';
import { t } from '../lib/i18n/runtime.ts';

export interface Toast {
  id: number;
  kind: 'success' | 'error' | 'info';
  title: string;
  text?: string;
}

const maxToasts = 20;
const toasts = createStatusStore<Toast[]>([]);
let nextId = 1;

export function showToast(kind: Toast['kind'], title: string, text?: string, durationMs = kind === 'error' ? 5000 : 1500) {
  const toast = { id: nextId++, kind, title, text };
  toasts.set([...toasts.get(), toast].slice(-maxToasts));
  window.setTimeout(() => dismissToast(toast.id), durationMs);
}

export function dismissToast(id: number) {
  toasts.set(toasts.get().filter((t) => t.id !== id));
}

export function ToastViewport() {
  const list = useStatusStore(toasts);
  return (
    <div className="toasts" role="region" aria-label={t('toast.region')}>
      {list.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <strong>{toast.title}</strong>
          {toast.text && <span>{toast.text}</span>}
          <button type="button" className="toast__close" aria-label={t('toast.dismiss')} onClick={() => dismissToast(toast.id)}>×</button>
        </div>
      ))}
    </div>
  );
}
