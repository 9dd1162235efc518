/**
 * The older tuple form of lib/use-request.ts, kept only for the screens that still call it
 * (features/home/popular-policies.tsx, features/policies/policy-details.tsx). New code: use
 * `useRequest` from lib/use-request.ts directly; once those two switch, delete this file.
 */
import { useRequest as useLibRequest, type RequestState } from '../lib/use-request.ts';

export type { RequestState };

export function useRequest<T>(load: (signal: AbortSignal) => Promise<T>, inputs: readonly unknown[]): [RequestState<T>, () => void] {
  const request = useLibRequest(load, inputs);
  return [request, request.reload];
}
