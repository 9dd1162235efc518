/** A policy's state, a due's status and the ways of paying, in the page's language. */
import type { DueStatus, PolicyState, PremiumMode } from 'edge-api/src/schemas/premium-schedule.ts';
import { formatDate } from '../i18n/format.ts';
import { t, type MessageId } from '../i18n/runtime.ts';

const stateLabels: Record<PolicyState, MessageId> = {
  in_force: 'prem.state.inForce',
  in_grace: 'prem.state.inGrace',
  lapsed: 'prem.state.lapsed',
  matured: 'prem.state.matured',
};

const stateBadges: Record<PolicyState, string> = {
  in_force: 'badge--success',
  in_grace: 'badge--warn',
  lapsed: 'badge--danger',
  matured: 'badge--info',
};

const statusLabels: Record<DueStatus, MessageId> = {
  paid: 'prem.due.paid',
  due: 'prem.due.due',
  overdue: 'prem.due.overdue',
  upcoming: 'prem.due.upcoming',
};

const modeLabels: Record<PremiumMode, MessageId> = {
  monthly: 'prem.mode.monthly',
  quarterly: 'prem.mode.quarterly',
  half_yearly: 'prem.mode.halfYearly',
  yearly: 'prem.mode.yearly',
};

export const stateLabel = (state: PolicyState) => t(stateLabels[state]);
export const dueStatusLabel = (status: DueStatus) => t(statusLabels[status]);
export const modeLabel = (mode: PremiumMode) => t(modeLabels[mode]);

export function PolicyStateBadge({ state }: { state: PolicyState }) {
  return <span className={`badge ${stateBadges[state]}`}>{stateLabel(state)}</span>;
}

/**
 * A Dhaka calendar day (yyyy-mm-dd) in the page's language. Read at midday, so no time zone
 * moves it to the day before or after.
 */
export const formatDay = (day: string) => formatDate(`${day}T12:00:00`);

const methodLabels: Record<string, MessageId> = {
  bkash: 'papers.method.bkash',
  nagad: 'papers.method.nagad',
  rocket: 'papers.method.rocket',
  demo: 'papers.method.demo',
  card: 'papers.method.card',
};

/** How a premium was paid online (a cash collection names its agent instead). */
export const paymentMethodLabel = (method: string) => t(methodLabels[method] ?? 'papers.method.card');
