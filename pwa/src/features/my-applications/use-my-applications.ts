/** The signed-in user's applications, local-first (lib/use-local-first.ts), newest first. */
import { localDb, type Application } from '../../lib/local-db.ts';
import { useLocalFirst, type LocalFirstList } from '../../lib/use-local-first.ts';
import { fetchMyApplications } from './my-applications-api.ts';

export type MyApplications = LocalFirstList<Application>;

export function useMyApplications(email: string): MyApplications & { forget: (id: string) => void } {
  const list = useLocalFirst({
    local: () => localDb.applications.where('userEmail').equalsIgnoreCase(email).toArray(),
    remote: (signal) => fetchMyApplications(email, signal),
    inputs: [email],
    enabled: email !== '',
    order: (a, b) => b.appliedAt.localeCompare(a.appliedAt),
  });
  return { ...list, forget: (id) => list.updateRemote((rows) => rows.filter((row) => row.id !== id)) };
}
