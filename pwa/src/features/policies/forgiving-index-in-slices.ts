/**
 * The early search's forgiving index (early-search.ts, decision 0124), built a few policies at a
 * time while the page waits for the app, instead of all at once on the key press that first
 * needs it. On the slow phone that build was a single task of about 65-80 ms (CPU 4x) inside the
 * key press whose search found nothing as typed, delaying that answer and every key after it;
 * between its slices a key press is handled at once.
 */
import { newPolicyIndex, type PolicyIndex, type SearchablePolicy } from 'edge-api/src/lists/policy-search.ts';

/** Policies added per slice: about 10-15 ms of a slow phone's main thread. */
export const policiesPerSlice = 5;

/** Runs `task` when the page is idle (or soon, where the browser cannot say). */
export type Later = (task: () => void) => void;

export interface ForgivingIndexInSlices {
  /** The whole index: what is not yet added is added now (a search cannot wait). */
  complete(): PolicyIndex;
  /** No more slices (the app has taken over). */
  stop(): void;
  /** How many policies the index holds so far. */
  added(): number;
}

export function forgivingIndexInSlices(policies: readonly SearchablePolicy[], later: Later): ForgivingIndexInSlices {
  const index = newPolicyIndex();
  let added = 0;
  let stopped = false;
  const addUpTo = (end: number) => {
    if (end <= added) return;
    index.addAll(policies.slice(added, end));
    added = end;
  };
  const slice = () => {
    if (stopped || added >= policies.length) return;
    addUpTo(Math.min(added + policiesPerSlice, policies.length));
    if (added < policies.length) later(slice);
  };
  later(slice);
  return {
    complete() {
      addUpTo(policies.length);
      return index;
    },
    stop() {
      stopped = true;
    },
    added: () => added,
  };
}

/** The browser's idle time, where it has it (not Safari): a task queued after what is pending otherwise. */
export const whenIdle: Later = (task) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 1000 });
  else setTimeout(task, 0);
};
