/**
 * Signing out on a shared device removes the user's local data, including writes that have
 * not reached the server yet. So every sign-out button calls confirmSignOut(): it warns first
 * when something would be lost, and only then signs out (session.ts runs the sign-out hooks
 * that clear the local copy and the outbox, see app/start.ts).
 */
import { sessionStore, signOut } from './session.ts';

/** The warning for unsent writes, or null when nothing would be lost. */
export async function unsentWarning(userId: string): Promise<string | null> {
  const { countUnsent } = await import('./offline/queue.ts');
  const { waiting, refused } = await countUnsent(userId);
  if (waiting > 0) return `You have ${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting to send. Sign out anyway?`;
  if (refused > 0) {
    return `You have ${refused} ${refused === 1 ? 'change' : 'changes'} the server did not accept, not yet dismissed. Sign out anyway?`;
  }
  return null;
}

/**
 * Asks before signing out when the user has unsent changes; resolves true when signed out,
 * false when the user chose to stay.
 */
export async function confirmSignOut(): Promise<boolean> {
  const user = sessionStore.get().user;
  if (user) {
    let warning: string | null = null;
    try {
      warning = await unsentWarning(user.id);
    } catch {
      // The local database cannot be read: there is nothing we could warn about.
    }
    if (warning && !window.confirm(warning)) return false;
  }
  await signOut();
  return true;
}
