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
import { t } from '../../lib/i18n/runtime.ts';

const nameOf = (agent: PublicAgent) => agent.name || t('agents.unnamed');
// 'agent' is the product's own word for the role; a role written by a person is shown as written.
const roleOf = (agent: PublicAgent) => (!agent.role || agent.role.toLowerCase() === 'agent' ? t('agents.role') : agent.role);

export function MeetOurAgents() {
  const agents = useLocalData((db) => db.agents.orderBy('name').toArray(), [], isEmptyList, usePrerendered()?.agents);
  const [chosen, setChosen] = useState<PublicAgent | null>(null);
  return (
    <section className="home-section container" aria-labelledby="agents-heading">
      <h2 id="agents-heading" className="home-section__title">{t('agents.heading')}</h2>
      {agents.status === 'loading' && <LoadingState>{t('agents.loading')}</LoadingState>}
      {agents.status === 'error' && (
        <ErrorState onRetry={agents.retry}>{t('agents.failed')}</ErrorState>
      )}
      {agents.status === 'ready' && agents.data.length === 0 && <EmptyState>{t('agents.none')}</EmptyState>}
      {agents.status === 'ready' && agents.data.length > 0 && (
        <ul className="agent-grid">
          {agents.data.map((agent) => (
            <li key={agent.id}>
              <button type="button" className="agent-card" onClick={() => setChosen(agent)} aria-haspopup="dialog">
                <AgentPhoto className="agent-card__photo" src={agent.photoURL} width={96} sizes="72px" loading="lazy" />
                <span className="agent-card__text">
                  <span className="agent-card__name">{nameOf(agent)}</span>
                  <span className="agent-card__role">{roleOf(agent)}</span>
                  <span className="agent-card__email">{agent.email || t('agents.noEmail')}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={chosen !== null} title={t('agents.details')} onClose={() => setChosen(null)}>
        {chosen && (
          <div className="agent-details">
            <AgentPhoto className="agent-details__photo" src={chosen.photoURL} alt={t('agents.photoOf', { name: nameOf(chosen) })} width={128} sizes="128px" />
            <dl className="agent-details__facts">
              <dt>{t('agents.name')}</dt>
              <dd>{nameOf(chosen)}</dd>
              <dt>{t('agents.roleLabel')}</dt>
              <dd>{roleOf(chosen)}</dd>
              <dt>{t('agents.email')}</dt>
              <dd>{chosen.email ? <a href={`mailto:${chosen.email}`}>{chosen.email}</a> : t('agents.noEmail')}</dd>
              {chosen.phone && (
                <>
                  <dt>{t('agents.phone')}</dt>
                  <dd><a href={`tel:${chosen.phone.replace(/\s+/g, '')}`}>{chosen.phone}</a></dd>
                </>
              )}
              {chosen.bio && (
                <>
                  <dt>{t('agents.bio')}</dt>
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
