import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionState } from './session.ts';

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}
