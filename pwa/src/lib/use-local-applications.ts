/**
 * Applications of one person, local-first (lib/use-local-first.ts), newest first: those of the
 * local copy whose `field` names `email` (in any case), then the server's answer from `remote`.
 */
import { localDb, type Application } from './local-db.ts';
import { useLocalFirst } from './use-local-first.ts';

export function useLocalApplications(field: 'userEmail' | 'assignedAgent', email: string, remote: (signal: AbortSignal) => Promise<Application[]>) {
  return useLocalFirst({
    local: () => localDb.applications.where(field).equalsIgnoreCase(email).toArray(),
    remote,
    inputs: [email],
    enabled: email !== '',
    order: (a, b) => b.appliedAt.localeCompare(a.appliedAt),
  });
}
