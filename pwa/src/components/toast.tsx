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
/** Each shown toast's dismissal timer, so a repeated toast's newer timer replaces its older one. */
const timers = new Map<number, number>();

/** How long an error stays, and any message a person must not miss (5 s). */
export const longToastMs = 5000;

export function showToast(kind: Toast['kind'], title: string, text?: string, durationMs = kind === 'error' ? longToastMs : 1500) {
  // The same words twice at once say nothing more (a screen that asks twice, two failed requests
  // of one cause): the one on screen stays, for as long as the newer would have.
  const same = toasts.get().find((shown) => shown.kind === kind && shown.title === title && shown.text === text);
  const toast = same ?? { id: nextId++, kind, title, text };
  if (!same) toasts.set([...toasts.get(), toast].slice(-maxToasts));
  window.clearTimeout(timers.get(toast.id));
  timers.set(toast.id, window.setTimeout(() => dismissToast(toast.id), durationMs));
}

export function dismissToast(id: number) {
  window.clearTimeout(timers.get(id));
  timers.delete(id);
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
