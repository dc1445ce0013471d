import type { ReactNode } from 'react';
import { itemDetail, type HeldItem } from '../move-scan.ts';

/** What a location holds, a row a SKU (style, size and colour under it, units at the end), with an action per row. */
export function StockRows({ label, rows, action }: { label: string; rows: readonly HeldItem[]; action?: (row: HeldItem) => ReactNode }) {
  return (
    <ul className="move-held-list" aria-label={label}>
      {rows.map((row) => (
        <li key={row.sku}>
          <span className="move-held-what">
            <span className="move-code">{row.sku}</span>
            <span className="muted small">{itemDetail(row)}</span>
          </span>
          <span className="move-held-qty">{row.quantity}</span>
          {action?.(row)}
        </li>
      ))}
    </ul>
  );
}
