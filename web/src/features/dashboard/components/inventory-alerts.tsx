import type { DailySummary } from '@wh/contracts/reports/http';
import { LowStockList } from '../../../components/low-stock-list.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { UtilisationBar } from '../../../components/ui/utilisation-bar.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { DASHBOARD_YELLOW_FROM } from '../../../lib/utilisation.ts';
import { dashboardInventoryQuery } from '../api/dashboard-api.ts';
import { firstWithMore, moreLabel } from '../../../lib/lists.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';

const UNSTOCKED_SHOWN = 5;

/**
 * Inventory Alerts (manager, executive2): bin and rack utilisation in the dashboard's colours (red from 90 %,
 * yellow from 75 %), the first ten low-stock SKUs, and for a manager the items picked while no location held them.
 */
export function InventoryAlerts({ summary, showUnstocked }: { summary: DailySummary; showUnstocked: boolean }) {
  const status = useScreenQuery(dashboardInventoryQuery());
  const unstocked = firstWithMore(summary.unstocked_picks, UNSTOCKED_SHOWN, summary.unstocked_picks_total);
  return (
    <section className="card" aria-labelledby="inventory-alerts-title">
      <h2 className="card-title" id="inventory-alerts-title">
        Inventory Alerts
      </h2>
      {status.isError ? (
        <Alert title="Error">
          {messageOf(status.error, 'Failed to fetch inventory status')}{' '}
          <Button size="sm" variant="secondary" onPress={() => void status.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : !status.data ? (
        <p className="muted" role="status">
          Loading inventory status...
        </p>
      ) : (
        <>
          <div className="dash-util-pair">
            <UtilisationBar label="Bin Utilization" percent={Math.round(status.data.bin_utilization)} yellowFrom={DASHBOARD_YELLOW_FROM} />
            <UtilisationBar label="Rack Utilization" percent={Math.round(status.data.rack_utilization)} yellowFrom={DASHBOARD_YELLOW_FROM} />
          </div>
          <h3 className="section-title">Low Stock ({status.data.low_stock_count.toLocaleString()})</h3>
          <LowStockList alerts={status.data.low_stock_alerts} total={status.data.low_stock_count} />
        </>
      )}
      {showUnstocked && summary.unstocked_picks_total > 0 ? (
        <div className="dash-unstocked">
          <Alert title={`${summary.unstocked_picks_total.toLocaleString()} picked without stock`} tone="info">
            <p className="small">These items were picked while no location held them: check the shelves and adjust the stock.</p>
            <ul className="dash-unstocked-list">
              {unstocked.shown.map((p) => (
                <li key={`${p.order_id}-${p.item_id}`}>
                  <span className="dash-sku">{p.sku}</span> ×{p.quantity} · order {p.order_number}
                  {p.picked_by ? ` · ${p.picked_by}` : ''} · {formatDateTime(p.picked_at)}
                </li>
              ))}
            </ul>
            {moreLabel(unstocked.more, 'more') ? <p className="small">{moreLabel(unstocked.more, 'more')}</p> : null}
          </Alert>
        </div>
      ) : null}
    </section>
  );
}
