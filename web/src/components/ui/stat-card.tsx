import type { ReactNode } from 'react';

/** One figure with its name; several sit in a <dl className="stat-grid">. */
export function StatCard({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
