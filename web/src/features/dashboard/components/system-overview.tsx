import type { SystemOverview as Overview } from '@wh/contracts/reports/http';

/** Manager-only System Overview: total and active users, styles in the catalogue, the day's orders (Total Orders Today). */
export function SystemOverview({ overview }: { overview: Overview }) {
  const figures: [string, number][] = [
    ['Total Users', overview.total_users],
    ['Active Users', overview.active_users],
    ['Total Styles', overview.total_styles],
    ['Orders Today', overview.orders_today],
  ];
  return (
    <section className="card" aria-labelledby="system-overview-title">
      <h2 className="card-title" id="system-overview-title">
        System Overview
      </h2>
      <dl className="stat-grid">
        {figures.map(([label, value]) => (
          <div className="stat" key={label}>
            <dt>{label}</dt>
            <dd>{value.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
