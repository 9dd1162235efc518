/**
 * The applications assigned to the signed-in agent, local-first (lib/use-local-first.ts), so
 * an agent in the field sees them offline and decides offline; newest first. The device keeps
 * every claim still waiting (docs/decisions/0060-agent-offline-scope.md), so this list, which
 * the screen pages here, is the agent's work in flight, not their history.
 */
import type { Application } from '../../lib/local-db.ts';
import { useLocalApplications } from '../../lib/use-local-applications.ts';
import type { LocalFirstList } from '../../lib/use-local-first.ts';
import { fetchAssignedApplications } from './claims-api.ts';

export type AssignedApplications = LocalFirstList<Application>;

export function useAssignedApplications(agentEmail: string): AssignedApplications & { replace: (row: Application) => void } {
  const list = useLocalApplications('assignedAgent', agentEmail, (signal) => fetchAssignedApplications(agentEmail, signal));
  return { ...list, replace: (row) => list.updateRemote((rows) => rows.map((item) => (item.id === row.id ? row : item))) };
}

/** The claims waiting for the agent's decision (spec section 5: pending or assigned, any case). */
export const isOpenClaim = (application: Pick<Application, 'status'>) => {
  const status = application.status.toLowerCase();
  return status === 'pending' || status === 'assigned';
};
