/**
 * One agent picker per action: Assign opens this dialog, with the approved agents searchable by
 * name or email, instead of a select with every agent in every row (that made 650,000 DOM nodes
 * at 1,000 applications). At most `shownAtOnce` matches are listed; typing narrows them.
 */
import { useId, useMemo, useState } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import type { Application, PublicAgent } from './manage-applications-api.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { formatNumber } from '../../lib/i18n/format.ts';
import { shownPolicyName } from '../../components/policy-text.ts';

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
      setError(t('picker.selectFirst'));
      return;
    }
    onAssign(chosen);
  }

  return (
    <Dialog
      open
      title={t('picker.title')}
      onClose={() => !busy && onCancel()}
      actions={
        <>
          <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>{t('confirm.cancel')}</button>
          <button type="button" className="button" disabled={busy} onClick={assign}>{busy ? t('manage.working') : t('picker.confirm')}</button>
        </>
      }
    >
      <p>{t('picker.intro', { name: application.name, policy: shownPolicyName(application) })}</p>
      <div className="field">
        <label htmlFor={`${ids}-search`}>{t('picker.search')}</label>
        <input
          id={`${ids}-search`}
          type="search"
          autoComplete="off"
          placeholder={t('picker.placeholder')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {agentsError && <p className="field__error" role="alert">{t('picker.failed')}</p>}
      {!agents && !agentsError && <p role="status">{t('picker.loading')}</p>}
      <fieldset className="agent-picker__list" aria-describedby={error ? `${ids}-error` : undefined}>
        <legend className="visually-hidden">{t('picker.legend', { name: application.name })}</legend>
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
        {agents && matches.length === 0 && <p>{t('picker.noMatch', { search: search.trim() })}</p>}
        {matches.length > shownAtOnce && <p className="agent-picker__more">{t('picker.more', { count: formatNumber(matches.length - shownAtOnce) })}</p>}
      </fieldset>
      {error && <p className="field__error" id={`${ids}-error`} role="alert">{error}</p>}
    </Dialog>
  );
}
