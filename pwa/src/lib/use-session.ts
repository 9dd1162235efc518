import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionState } from './session.ts';

/** What a prerendered page was built with (a visitor): hydration starts from it, then the real session shows. */
const visitor: SessionState = { status: 'signed-out', user: null };

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, () => visitor);
}
