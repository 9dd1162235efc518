/**
 * A receipt or a certificate, from the device's copy when it is there (it travels with the
 * application, so it opens offline), else from the API.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb, type Application, type Policy } from '../../lib/local-db.ts';
import { useRequest } from '../../lib/use-request.ts';
import type { RequestState } from '../../lib/use-request.ts';

export function usePaper<T>(
  id: string,
  fromLocal: (application: Application, policy: Policy | undefined) => T | null,
  fromServer: (id: string, signal: AbortSignal) => Promise<T>,
): { paper: T | undefined; remote: RequestState<T> } {
  const local = useLiveQuery(async () => {
    const application = await localDb.applications.get(id);
    if (!application) return null;
    const policy = application.policyId ? await localDb.policies.get(application.policyId) : undefined;
    return fromLocal(application, policy);
  }, [id]);
  const remote = useRequest((signal) => fromServer(id, signal), [id], local === null);
  return { paper: local ?? (remote.status === 'ready' ? remote.data : undefined), remote };
}
