/**
 * One agent picker per action: Assign opens this dialog, with the approved agents searchable by
 * name or email, instead of a select with every agent in every row (that made 650,000 DOM nodes
 * at 1,000 applications). At most `shownAtOnce` matches are listed; typing narrows them.
 */
import { useId, useMemo, useState } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import type { Application, PublicAgent } from './manage-applications-api.ts';

const shownAtOnce = 30;

interface AgentPickerProps {
  application: Application;
  agents: PublicAgent[] | undefined;
  agentsError: boolean;
  busy: boolean;
  onCancel: () => void;
  onAssign: (agentEmail: string) => void;
}

export function AgentPicker({ application, agents, agentsError, busy, onCancel, onAssign }: AgentPickerProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState(application.assignedAgent ?? '');
  const [error, setError] = useState('');
  const ids = useId();
  const matches = useMemo(() => {
    const text = search.trim().toLowerCase();
    const list = agents ?? [];
    return text ? list.filter((agent) => `${agent.name} ${agent.email}`.toLowerCase().includes(text)) : list;
  }, [agents, search]);

  function assign() {
    if (!chosen) {
      setError('Please select an agent first.');
      return;
    }
    onAssign(chosen);
  }

  return (
    <Dialog
      open
      title="Assign an agent"
      onClose={() => !busy && onCancel()}
      actions={
        <>
          <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>Cancel</button>
          <button type="button" className="button" disabled={busy} onClick={assign}>{busy ? 'Working...' : 'Yes, assign!'}</button>
        </>
      }
    >
      <p>Assign an approved agent to {application.name}'s application for {application.policyName}.</p>
      <div className="field">
        <label htmlFor={`${ids}-search`}>Search agents</label>
        <input
          id={`${ids}-search`}
          type="search"
          autoComplete="off"
          placeholder="Name or email"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {agentsError && <p className="field__error" role="alert">The agents could not be loaded. Close this and try again.</p>}
      {!agents && !agentsError && <p role="status">Loading agents...</p>}
      <fieldset className="agent-picker__list" aria-describedby={error ? `${ids}-error` : undefined}>
        <legend className="visually-hidden">Agent for {application.name}'s application</legend>
        {matches.slice(0, shownAtOnce).map((agent) => (
          <label key={agent.id} className="agent-picker__option">
            <input
              type="radio"
              name={`${ids}-agent`}
              value={agent.email}
              checked={chosen === agent.email}
              onChange={() => {
                setChosen(agent.email);
                setError('');
              }}
            />
            <span>{agent.name} <small>({agent.email})</small></span>
          </label>
        ))}
        {agents && matches.length === 0 && <p>No agent matches “{search.trim()}”.</p>}
        {matches.length > shownAtOnce && <p className="agent-picker__more">{matches.length - shownAtOnce} more: type to narrow the list.</p>}
      </fieldset>
      {error && <p className="field__error" id={`${ids}-error`} role="alert">{error}</p>}
    </Dialog>
  );
}
