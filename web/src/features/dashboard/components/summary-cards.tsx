import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Role } from '@wh/contracts/auth/permissions';
import { COUNT_ACCURACY_REPORT, dashboardOrderFilters, ordersLink, RETURNS_SCREEN } from '@wh/contracts/reports/dashboard';
import type { DailySummary } from '@wh/contracts/reports/http';
import { StatCard, StatCards } from '../../../components/ui/stat-card.tsx';
import { countAccuracyFigure, LOW_STOCK_DEFAULT_THRESHOLD, openableLink, percentOf, returnsWaitingFigure } from '../dashboard-figures.ts';

/** A card's label, linking to the screen its figure is counted from when the role may open it. */
function labelFor(role: Role, text: string, to: string): ReactNode {
  const link = openableLink(role, to);
  return link ? (
    <Link to={link} className="stat-card-link">
      {text}
    </Link>
  ) : (
    text
  );
}

/**
 * The stat cards (spec section 2): four for everyone, Low Stock Alerts and Short Picks Today for a manager, Returns
 * Waiting for a manager and executive2, Count Accuracy for a manager, My Assigned Orders for a worker. Each order
 * figure is the Orders screen's count under the filters its card opens (dashboardOrderFilters); Returns Waiting opens
 * the Returns screen, Count Accuracy its report.
 */
export function SummaryCards({ summary, role }: { summary: DailySummary; role: Role }) {
  const { total, completed, pending } = summary.orders;
  const day = dashboardOrderFilters(summary.date);
  const n = (v: number) => v.toLocaleString();
  const stock = '/inventory?tab=reports';
  return (
    <StatCards label="Today's figures">
      <StatCard label={labelFor(role, 'Total Orders Today', ordersLink(day.total))} value={n(total)} />
      <StatCard
        label={labelFor(role, 'Completed Orders', ordersLink(day.completed))}
        value={n(completed)}
        note={`${percentOf(completed, total)}% of total`}
        tone={completed > 0 ? 'green' : 'neutral'}
      />
      <StatCard label={labelFor(role, 'Pending Orders', ordersLink(day.pending))} value={n(pending)} note="waiting for a worker" tone={pending > 0 ? 'yellow' : 'neutral'} />
      <StatCard label={labelFor(role, 'Total Inventory', stock)} value={n(summary.total_inventory)} note="units in stock" />
      {role === 'manager' && summary.low_stock_count !== null ? (
        <StatCard
          label={labelFor(role, 'Low Stock Alerts', stock)}
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
      {summary.returns_waiting ? <ReturnsWaitingCard role={role} summary={summary} /> : null}
      {summary.counts ? <CountAccuracyCard role={role} summary={summary} /> : null}
      {role === 'worker' ? <StatCard label={labelFor(role, 'My Assigned Orders', '/picking')} value={n(summary.my_assigned_orders)} note="to pick" /> : null}
    </StatCards>
  );
}

function ReturnsWaitingCard({ role, summary }: { role: Role; summary: DailySummary }) {
  const figure = returnsWaitingFigure(summary.returns_waiting!, new Date());
  return <StatCard label={labelFor(role, 'Returns Waiting', RETURNS_SCREEN)} value={figure.value} note={figure.note} tone={figure.tone} />;
}

function CountAccuracyCard({ role, summary }: { role: Role; summary: DailySummary }) {
  const figure = countAccuracyFigure(summary.counts!);
  return <StatCard label={labelFor(role, 'Count Accuracy', COUNT_ACCURACY_REPORT)} value={figure.value} note={figure.note} tone={figure.tone} />;
}
