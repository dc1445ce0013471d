import { useQuery } from '@tanstack/react-query';
import { LowStockList } from '../../../components/low-stock-list.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { StatCard, StatCards } from '../../../components/ui/stat-card.tsx';
import { StorageUtilisationCard } from '../../../components/storage-utilisation-card.tsx';
import { inventoryStatusQuery } from '../api/inventory-api.ts';

export function ReportsTab() {
  const status = useQuery(inventoryStatusQuery());
  if (status.isError || !status.data) return <QueryState query={status} loading="Loading inventory status..." failure="Failed to fetch inventory status" />;
  const s = status.data;
  return (
    <div className="inventory-tab">
      <StatCards label="Inventory status">
        <StatCard label="Total Stock" value={s.total_stock.toLocaleString()} note="units in the warehouse" />
        <StatCard label="Total Styles" value={s.total_styles.toLocaleString()} note={`${s.total_skus.toLocaleString()} SKUs`} />
        <StatCard label="Low Stock Items" value={s.low_stock_count} tone={s.low_stock_count > 0 ? 'yellow' : 'neutral'} />
        <StatCard label="Out of Stock" value={s.out_of_stock_count} tone={s.out_of_stock_count > 0 ? 'red' : 'neutral'} />
      </StatCards>

      <StorageUtilisationCard bins={s.bin_utilization} racks={s.rack_utilization} />

      <section className="card" aria-labelledby="low-stock-title">
        <h2 className="card-title" id="low-stock-title">
          Low Stock Alerts
        </h2>
        <LowStockList alerts={s.low_stock_alerts} total={s.low_stock_count} />
      </section>
    </div>
  );
}
