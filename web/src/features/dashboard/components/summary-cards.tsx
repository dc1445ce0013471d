import type { Role } from '@wh/contracts/auth/permissions';
import type { DailySummary } from '@wh/contracts/reports/http';
import { StatCard, StatCards } from '../../../components/ui/stat-card.tsx';
import { LOW_STOCK_DEFAULT_THRESHOLD, percentOf } from '../dashboard-figures.ts';

/**
 * The stat cards (spec section 2): four for everyone, Low Stock Alerts and Short Picks Today for a manager, My Assigned
 * Orders for a worker.
 */
export function SummaryCards({ summary, role }: { summary: DailySummary; role: Role }) {
  const { total, completed, pending } = summary.orders;
  const n = (v: number) => v.toLocaleString();
  return (
    <StatCards label="Today's figures">
      <StatCard label="Total Orders Today" value={n(total)} />
      <StatCard label="Completed Orders" value={n(completed)} note={`${percentOf(completed, total)}% of total`} tone={completed > 0 ? 'green' : 'neutral'} />
      <StatCard label="Pending Orders" value={n(pending)} tone={pending > 0 ? 'yellow' : 'neutral'} />
      <StatCard label="Total Inventory" value={n(summary.total_inventory)} note="units in stock" />
      {role === 'manager' && summary.low_stock_count !== null ? (
        <StatCard
          label="Low Stock Alerts"
          value={n(summary.low_stock_count)}
          note={`SKUs at or below ${LOW_STOCK_DEFAULT_THRESHOLD} units`}
          tone={summary.low_stock_count > 0 ? 'red' : 'neutral'}
        />
      ) : null}
      {role === 'manager' && summary.short_picks_today !== null ? (
        <StatCard
          label="Short Picks Today"
          value={n(summary.short_picks_today)}
          note="lines not found; their locations are flagged for a count"
          tone={summary.short_picks_today > 0 ? 'yellow' : 'neutral'}
        />
      ) : null}
      {role === 'worker' ? <StatCard label="My Assigned Orders" value={n(summary.my_assigned_orders)} note="to pick" /> : null}
    </StatCards>
  );
}
