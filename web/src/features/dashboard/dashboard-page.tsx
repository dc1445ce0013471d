import { useAtomValue } from 'jotai';
import { can, isRole } from '@wh/contracts/auth/permissions';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { signedInUserAtom } from '../../lib/session.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { dailySummaryQuery } from './api/dashboard-api.ts';
import { DashboardHeader } from './components/dashboard-header.tsx';
import { AccountCard } from './components/account-card.tsx';
import { InventoryAlerts } from './components/inventory-alerts.tsx';
import { QuickActions } from './components/quick-actions.tsx';
import { RecentActivity } from './components/recent-activity.tsx';
import { SummaryCards } from './components/summary-cards.tsx';
import { SystemOverview } from './components/system-overview.tsx';
import { SystemStatus } from './components/system-status.tsx';
import { WorkerPerformanceToday } from './components/worker-performance.tsx';
import './dashboard.css';

export function DashboardPage() {
  const user = useAtomValue(signedInUserAtom);
  // A 401 here ends the session in the API client ('Your session has expired. Please log in again.').
  const summary = useScreenQuery(dailySummaryQuery());
  if (!user) return null;

  const role = isRole(user.role) ? user.role : 'worker';
  const name = user.full_name?.trim() || user.username;

  const header = <DashboardHeader name={name} role={role} />;

  if (!summary.data) {
    if (summary.isError) {
      return (
        <section className="page">
          {header}
          <Alert title="Failed to load dashboard data">
            <Button variant="secondary" onPress={() => void summary.refetch()} isDisabled={summary.isFetching}>
              Try Again
            </Button>
          </Alert>
        </section>
      );
    }
    return (
      <section className="page">
        {header}
        <div className="dash-loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <p>Loading dashboard...</p>
        </div>
      </section>
    );
  }

  const s = summary.data;
  return (
    <section className="page">
      {header}
      <div className="dash-sections">
        {summary.isError ? (
          <Alert title="Failed to load dashboard data" tone="error">
            The figures below may be out of date.{' '}
            <Button size="sm" variant="secondary" onPress={() => void summary.refetch()}>
              Try Again
            </Button>
          </Alert>
        ) : null}
        <SummaryCards summary={s} role={role} />
        <div className="dashboard-grid">
          <QuickActions role={role} />
          <RecentActivity items={s.recent_activity} role={role} />
          {s.worker_performance ? <WorkerPerformanceToday summary={s} /> : null}
          {can(role, 'inventory:alerts') ? <InventoryAlerts summary={s} showUnstocked={role === 'manager'} /> : null}
          <AccountCard user={user} />
          <SystemStatus />
          {role === 'manager' && s.system_overview ? <SystemOverview overview={s.system_overview} /> : null}
        </div>
      </div>
    </section>
  );
}
