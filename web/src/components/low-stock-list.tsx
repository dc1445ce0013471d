import type { LowStockAlert } from '@wh/contracts/inventory/http';
import { firstWithMore, moreLabel } from '../lib/lists.ts';
import { Badge } from './ui/badge.tsx';
import './low-stock-list.css';

// Spec: the first ten low-stock SKUs, then '+N more alerts'.
export const LOW_STOCK_SHOWN = 10;

/**
 * The low-stock rows the dashboard's Inventory Alerts and the inventory Reports tab both show: SKU, style name,
 * quantity against threshold and an Out of Stock / Low Stock badge. `total` is the server's count when it sent only
 * part of the list.
 */
export function LowStockList({ alerts, total }: { alerts: readonly LowStockAlert[]; total?: number }) {
  const { shown, more } = firstWithMore(alerts, LOW_STOCK_SHOWN, total);
  const label = moreLabel(more, 'more alerts');
  if (shown.length === 0) return <p className="muted">Every item is above its low-stock threshold.</p>;
  return (
    <>
      <ul className="low-stock-list" aria-label="Low stock items">
        {shown.map((a) => (
          <li key={a.sku} className="low-stock-row">
            <div>
              <p className="low-stock-sku">{a.sku}</p>
              <p className="muted small">{a.style_name}</p>
            </div>
            <div className="low-stock-end">
              <span className="small">
                {a.current_quantity} / {a.threshold}
              </span>
              {a.current_quantity === 0 ? <Badge tone="danger">Out of Stock</Badge> : <Badge tone="warning">Low Stock</Badge>}
            </div>
          </li>
        ))}
      </ul>
      {label ? <p className="muted small">{label}</p> : null}
    </>
  );
}
