/** The dashboards' row of figures (totals, counts by status, sums): a labelled list of cards. Styles: features/dashboard/dashboard.css. */
import type { ReactNode } from 'react';

export interface StatCard {
  /** Shown above the value; unique within the list. */
  label: string;
  value: ReactNode;
}

export function StatCards({ label, cards }: { label: string; cards: readonly StatCard[] }) {
  return (
    <ul className="stat-cards" aria-label={label}>
      {cards.map((card) => (
        <li key={card.label} className="stat-card">
          <p className="stat-card__label">{card.label}</p>
          <p className="stat-card__value">{card.value}</p>
        </li>
      ))}
    </ul>
  );
}
