import type { ReactNode } from 'react';
import './indicators.css';

export interface StatCardProps {
  /** Text, or a link to the screen the figure is counted from (the whole card follows it). */
  label: ReactNode;
  value: ReactNode;
  note?: ReactNode;
  tone?: 'neutral' | 'red' | 'yellow' | 'green';
}

/** One figure with its label; a group of them sits in a `<dl className="stat-cards">`. */
export function StatCard({ label, value, note, tone = 'neutral' }: StatCardProps) {
  return (
    <div className={`stat-card stat-card-${tone}`}>
      <dt className="stat-card-label">{label}</dt>
      <dd className="stat-card-value" style={{ margin: 0 }}>
        {value}
      </dd>
      {note ? <dd className="stat-card-note" style={{ margin: 0 }}>{note}</dd> : null}
    </div>
  );
}

export function StatCards({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <dl className="stat-cards" aria-label={label} style={{ margin: 0 }}>
      {children}
    </dl>
  );
}
