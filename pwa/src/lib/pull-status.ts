/** Whether the local copy is being filled, kept apart from the pull engine so it loads first. */
import { createStatusStore } from './status-store.ts';

export interface PullStatus {
  state: 'idle' | 'syncing' | 'error';
  /** Set once the public part of the local copy (catalogue, blogs, ...) has been filled on this device. */
  filled: boolean;
  /**
   * Whose private rows the local copy holds completely: the user id of the last completed pull
   * ('' for a visitor), or null when no pull has completed for the present owner. A list of one
   * user's own rows is only 'none' when this is that user (readiness is per user).
   */
  filledFor: string | null;
  /** False until the stored readiness has been read at start-up (nothing is decided before). */
  known: boolean;
  /** The last pull timed out while online: the network is there but too slow. */
  slow: boolean;
  error: string | null;
}

export const pullStatus = createStatusStore<PullStatus>({ state: 'idle', filled: false, filledFor: null, known: false, slow: false, error: null });

/** Whether `userId`'s own rows are all on this device (a completed pull for them). */
export const downloadedFor = (status: PullStatus, userId: string | null | undefined) => !!userId && status.filledFor === userId;
