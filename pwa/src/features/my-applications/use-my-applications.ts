/** The signed-in user's applications, local-first (lib/use-local-first.ts), newest first. */
import type { Application } from '../../lib/local-db.ts';
import { useLocalApplications } from '../../lib/use-local-applications.ts';
import type { LocalFirstList } from '../../lib/use-local-first.ts';
import { fetchMyApplications } from './my-applications-api.ts';

export type MyApplications = LocalFirstList<Application>;

export function useMyApplications(email: string): MyApplications & { forget: (id: string) => void } {
  const list = useLocalApplications('userEmail', email, (signal) => fetchMyApplications(email, signal));
  return { ...list, forget: (id) => list.updateRemote((rows) => rows.filter((row) => row.id !== id)) };
}
