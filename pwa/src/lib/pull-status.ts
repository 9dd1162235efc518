/** Whether the local copy is being filled, kept apart from the pull engine so it loads first. */
import { createStatusStore } from './status-store.ts';

export interface PullStatus {
  state: 'idle' | 'syncing' | 'error';
  /** Set once the local copy has been filled at least once on this device. */
  filled: boolean;
  error: string | null;
}

export const pullStatus = createStatusStore<PullStatus>({ state: 'idle', filled: false, error: null });
