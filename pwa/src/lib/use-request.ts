/**
 * Loads something from the API for a screen: 'loading' until the first answer, then 'ready'
 * with the data or 'error' with what went wrong. `reload` asks again (keeping the shown data
 * meanwhile, so a table does not flicker after an action); `update` applies a change the
 * screen already knows about (a deleted row, say) without asking the server.
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';

export type RequestState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'ready'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: unknown };

export type Request<T> = RequestState<T> & {
  /** True while a reload is under way with older data still shown. */
  refreshing: boolean;
  reload: () => void;
  update: (change: (data: T) => T) => void;
};

type Settled<T> = { key: string; attempt: number } & ({ ok: true; data: T } | { ok: false; error: unknown });

/**
 * @param load   the request; receives an AbortSignal that fires when the inputs change or the screen closes
 * @param inputs what the request depends on (compared by value); a change starts a new request
 * @param enabled false to not ask at all (yet)
 * @param initial data to show until the first answer (a prerendered page's), instead of 'loading'
 */
export function useRequest<T>(
  load: (signal: AbortSignal) => Promise<T>,
  inputs: readonly unknown[],
  enabled = true,
  initial?: T,
): Request<T> {
  const key = JSON.stringify(inputs);
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const run = useEffectEvent(load);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key, attempt, ok: true, data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ key, attempt, ok: false, error });
      },
    );
    return () => controller.abort();
  }, [key, attempt, enabled]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback(
    (change: (data: T) => T) => setSettled((current) => (current?.ok ? { ...current, data: change(current.data) } : current)),
    [],
  );

  // An answer equal to the prerendered data keeps the prerendered object, so the screen does not
  // draw the same cards again (on a slow phone that re-render was a long task of its own).
  const answered = settled?.ok ? settled.data : undefined;
  const asBuilt = useMemo(() => answered !== undefined && initial !== undefined && JSON.stringify(answered) === JSON.stringify(initial), [answered, initial]);
  const actions = { reload, update };
  if (!settled && initial !== undefined) {
    return { status: 'ready', data: initial, error: undefined, refreshing: true, ...actions };
  }
  if (!settled || settled.key !== key || (!settled.ok && settled.attempt !== attempt)) {
    return { status: 'loading', data: undefined, error: undefined, refreshing: false, ...actions };
  }
  const refreshing = settled.attempt !== attempt;
  if (settled.ok) return { status: 'ready', data: asBuilt && initial !== undefined ? initial : settled.data, error: undefined, refreshing, ...actions };
  return { status: 'error', data: undefined, error: settled.error, refreshing, ...actions };
}
