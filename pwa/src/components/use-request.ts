/**
 * Runs one request for a screen and gives its state: 'loading' until it answers (again, each
 * time the inputs change), then 'ready' with the data or 'error' with what went wrong.
 * An answer that arrives after the inputs changed is dropped.
 */
import { useEffect, useEffectEvent, useState } from 'react';

export type RequestState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: T };

export function useRequest<T>(load: (signal: AbortSignal) => Promise<T>, inputs: readonly unknown[]): [RequestState<T>, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; state: RequestState<T> } | null>(null);
  const key = JSON.stringify([...inputs, attempt]);
  const run = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ key, state: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ key, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key]);

  const state: RequestState<T> = result?.key === key ? result.state : { status: 'loading' };
  return [state, () => setAttempt((n) => n + 1)];
}
