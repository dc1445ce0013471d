import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { userOverviewQuery } from '../api/user-overview.ts';

/** Manager-only System Overview. Total Styles and Orders Today wait for the inventory and orders work. */
export function SystemOverview() {
  const stats = useQuery(userOverviewQuery());
  if (stats.isError) {
    return (
      <section className="card" aria-labelledby="system-overview-title">
        <h2 className="card-title" id="system-overview-title">
          System Overview
        </h2>
        <Alert>Failed to load dashboard data</Alert>
        <Button variant="secondary" onPress={() => void stats.refetch()}>
          Try Again
        </Button>
      </section>
    );
  }
  const value = (n: number | undefined) => (n === undefined ? '…' : n.toLocaleString());
  return (
    <section className="card" aria-labelledby="system-overview-title">
      <h2 className="card-title" id="system-overview-title">
        System Overview
      </h2>
      <dl className="stat-grid">
        <div className="stat">
          <dt>Total Users</dt>
          <dd>{value(stats.data?.total)}</dd>
        </div>
        <div className="stat">
          <dt>Active Users</dt>
          <dd>{value(stats.data?.active)}</dd>
        </div>
        {/* Total Styles: arrives with the inventory (catalogue) work. */}
        {/* Orders Today: arrives with the orders work. */}
      </dl>
    </section>
  );
}
