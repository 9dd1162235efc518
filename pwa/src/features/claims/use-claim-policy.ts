/**
 * The policy a claim was made for, for its coverage in the claim dialog (issue 29): the device's
 * copy of the catalogue first (offline too), else the policy's own page from the API, which
 * still answers for a withdrawn policy (it has left the catalogue, the application keeps it).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { Policy } from 'edge-api/src/db/policies.ts';
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { localDb } from '../../lib/local-db.ts';

export type ClaimPolicy = { status: 'loading' } | { status: 'ready'; policy: Policy } | { status: 'unknown' };

export function useClaimPolicy(policyId: string | null): ClaimPolicy {
  const local = useLiveQuery(async () => (policyId ? ((await localDb.policies.get(policyId)) ?? null) : null), [policyId]);
  const [fetched, setFetched] = useState<{ id: string; policy: Policy | null } | null>(null);
  useEffect(() => {
    if (!policyId || local !== null) return;
    const controller = new AbortController();
    api.policies[':id']
      .$get({ param: { id: policyId } }, { init: { signal: controller.signal } })
      .then((res) => answerOf(res))
      .then((policy) => setFetched({ id: policyId, policy: policy as Policy }))
      .catch(() => {
        if (!controller.signal.aborted) setFetched({ id: policyId, policy: null });
      });
    return () => controller.abort();
  }, [policyId, local]);
  if (!policyId) return { status: 'unknown' };
  if (local) return { status: 'ready', policy: local };
  if (local === undefined || fetched?.id !== policyId) return { status: 'loading' };
  return fetched.policy ? { status: 'ready', policy: fetched.policy } : { status: 'unknown' };
}
