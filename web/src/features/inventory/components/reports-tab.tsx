import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../../components/ui/badge.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { StatCard, StatCards } from '../../../components/ui/stat-card.tsx';
import { UtilisationBar } from '../../../components/ui/utilisation-bar.tsx';
import { inventoryStatusQuery } from '../api/inventory-api.ts';
import { firstWithMore, moreLabel } from '../limits.ts';
import { LOW_STOCK_SHOWN } from '../options.ts';

export function ReportsTab() {
  const status = useQuery(inventoryStatusQuery());
  if (status.isError || !status.data) return <QueryState query={status} loading="Loading inventory status..." failure="Failed to fetch inventory status" />;
  const s = status.data;
  const { shown, more } = firstWithMore(s.low_stock_alerts, LOW_STOCK_SHOWN);
  return (
    <div className="inventory-tab">
      <StatCards label="Inventory status">
        <StatCard label="Total Stock" value={s.total_stock.toLocaleString()} note="units in the warehouse" />
        <StatCard label="Total Styles" value={s.total_styles.toLocaleString()} note={`${s.total_skus.toLocaleString()} SKUs`} />
        <StatCard label="Low Stock Items" value={s.low_stock_count} tone={s.low_stock_count > 0 ? 'yellow' : 'neutral'} />
        <StatCard label="Out of Stock" value={s.out_of_stock_count} tone={s.out_of_stock_count > 0 ? 'red' : 'neutral'} />
      </StatCards>

      <section className="card" aria-labelledby="utilisation-title">
        <h2 className="card-title" id="utilisation-title">
          Storage Utilisation
        </h2>
        <div className="util-pair">
          <UtilisationBar label="Bins" percent={Math.round(s.bin_utilization)} />
          <UtilisationBar label="Racks" percent={Math.round(s.rack_utilization)} />
        </div>
      </section>

      <section className="card" aria-labelledby="low-stock-title">
        <h2 className="card-title" id="low-stock-title">
          Low Stock Alerts
        </h2>
        {shown.length === 0 ? (
          <p className="muted">Every item is above its low-stock threshold.</p>
        ) : (
          <ul className="alert-list">
            {shown.map((a) => (
              <li key={a.sku} className="alert-row">
                <div>
                  <p className="sku-code">{a.sku}</p>
                  <p className="muted small">{a.style_name}</p>
                </div>
                <div className="alert-row-end">
                  <span className="small">
                    {a.current_quantity} / {a.threshold}
                  </span>
                  {a.current_quantity === 0 ? <Badge tone="danger">Out of Stock</Badge> : <Badge tone="warning">Low Stock</Badge>}
                </div>
              </li>
            ))}
          </ul>
        )}
        {more > 0 ? <p className="muted small">{moreLabel(more, 'more alerts')}</p> : null}
      </section>
    </div>
  );
}
