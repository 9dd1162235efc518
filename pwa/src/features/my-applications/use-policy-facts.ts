/**
 * What My Policies shows beside each application from the device's copy of the catalogue
 * (issue 29): the policy (its coverage, its Bangla title) and the assigned agent (name and phone),
 * so the screen reads as a policy offline too and names the agent, not an email address.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb, type Policy, type PublicAgent } from '../../lib/local-db.ts';

export interface PolicyFacts {
  policies: Map<string, Policy>;
  /** By lower-case email. */
  agents: Map<string, PublicAgent>;
}

const empty: PolicyFacts = { policies: new Map(), agents: new Map() };

export function usePolicyFacts(policyIds: readonly string[], agentEmails: readonly string[]): PolicyFacts {
  return useLiveQuery(
    async () => {
      const [policies, agents] = await Promise.all([
        localDb.policies.bulkGet([...policyIds]),
        agentEmails.length ? localDb.agents.filter((agent) => agentEmails.includes(agent.email.toLowerCase())).toArray() : [],
      ]);
      return {
        policies: new Map(policies.filter((p): p is Policy => p !== undefined).map((p) => [p.id, p])),
        agents: new Map(agents.map((a) => [a.email.toLowerCase(), a])),
      };
    },
    [policyIds.join(), agentEmails.join()],
    empty,
  );
}
