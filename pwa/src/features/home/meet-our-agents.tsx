/**
 * 'Meet Our Agents' (spec section 2): approved agents from the local copy; a card opens the
 * 'Agent Details' dialog (closed with × or Escape, focus back on the card).
 */
import { useState } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import { AgentPhoto } from '../../components/fallback-image.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import type { PublicAgent } from '../../lib/local-db.ts';
import { usePrerendered } from '../../lib/prerendered.tsx';
import { isEmptyList, useLocalData } from '../../lib/use-local-data.ts';

const nameOf = (agent: PublicAgent) => agent.name || 'Unnamed Agent';
const roleOf = (agent: PublicAgent) => agent.role || 'Agent';

export function MeetOurAgents() {
  const agents = useLocalData((db) => db.agents.orderBy('name').toArray(), [], isEmptyList, usePrerendered()?.agents);
  const [chosen, setChosen] = useState<PublicAgent | null>(null);
  return (
    <section className="home-section container" aria-labelledby="agents-heading">
      <h2 id="agents-heading" className="home-section__title">Meet Our Agents</h2>
      {agents.status === 'loading' && <LoadingState>Loading agents...</LoadingState>}
      {agents.status === 'error' && (
        <ErrorState onRetry={agents.retry}>Failed to load agents. Make sure your server is running and accessible.</ErrorState>
      )}
      {agents.status === 'ready' && agents.data.length === 0 && <EmptyState>No agents found.</EmptyState>}
      {agents.status === 'ready' && agents.data.length > 0 && (
        <ul className="agent-grid">
          {agents.data.map((agent) => (
            <li key={agent.id}>
              <button type="button" className="agent-card" onClick={() => setChosen(agent)} aria-haspopup="dialog">
                <AgentPhoto className="agent-card__photo" src={agent.photoURL} width={96} loading="lazy" />
                <span className="agent-card__text">
                  <span className="agent-card__name">{nameOf(agent)}</span>
                  <span className="agent-card__role">{roleOf(agent)}</span>
                  <span className="agent-card__email">{agent.email || 'No email'}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={chosen !== null} title="Agent Details" onClose={() => setChosen(null)}>
        {chosen && (
          <div className="agent-details">
            <AgentPhoto className="agent-details__photo" src={chosen.photoURL} alt={`Photo of ${nameOf(chosen)}`} width={128} />
            <dl className="agent-details__facts">
              <dt>Name</dt>
              <dd>{nameOf(chosen)}</dd>
              <dt>Role</dt>
              <dd>{roleOf(chosen)}</dd>
              <dt>Email</dt>
              <dd>{chosen.email ? <a href={`mailto:${chosen.email}`}>{chosen.email}</a> : 'No email'}</dd>
              {chosen.phone && (
                <>
                  <dt>Phone</dt>
                  <dd><a href={`tel:${chosen.phone.replace(/\s+/g, '')}`}>{chosen.phone}</a></dd>
                </>
              )}
              {chosen.bio && (
                <>
                  <dt>Bio</dt>
                  <dd>{chosen.bio}</dd>
                </>
              )}
            </dl>
          </div>
        )}
      </Dialog>
    </section>
  );
}
