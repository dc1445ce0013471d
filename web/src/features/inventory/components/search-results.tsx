import { Link } from 'react-router-dom';
import { locationTypeLabel } from '@wh/contracts/inventory/events';
import { RECEIVING_LOCATION } from '@wh/contracts/platform/stock';
import type { InventorySearchItem } from '@wh/contracts/inventory/http';
import { Badge } from '../../../components/ui/badge.tsx';

const historyLink = (by: 'sku' | 'location', code: string) => `?${new URLSearchParams({ tab: 'history', [by]: code })}`;
const moveLink = (sku: string, from: string) => `?${new URLSearchParams({ tab: 'move', sku, from })}`;

/** The SKUs found, each with its units and the locations holding it, linked to their stock history (and to a move). */
export function SearchResults({ items, total, canMove = false }: { items: readonly InventorySearchItem[]; total: number; canMove?: boolean }) {
  if (items.length === 0) {
    return (
      <div className="card card-muted empty-state" role="status">
        <p className="empty-title">No Items Found</p>
        <p>No stock matches that style code, colour and size.</p>
      </div>
    );
  }
  return (
    <section aria-label="Search results" className="inventory-results">
      <p className="list-meta" role="status">
        {items.length} {items.length === 1 ? 'SKU' : 'SKUs'} · {total.toLocaleString()} units
      </p>
      <ul className="sku-list">
        {items.map((item) => (
          <li key={item.sku} className="card sku-card" aria-label={item.sku}>
            <div className="sku-head">
              <div>
                <p className="sku-code">{item.sku}</p>
                <p className="muted small">
                  {item.style_name} · {item.color} · Size {item.size}
                </p>
              </div>
              <div className="sku-head-end">
                <Badge tone={item.quantity === 0 ? 'danger' : 'info'}>{item.quantity.toLocaleString()} units</Badge>
                <Link className="btn btn-ghost btn-sm" to={historyLink('sku', item.sku)} aria-label={`Stock history of ${item.sku}`}>
                  History
                </Link>
              </div>
            </div>
            {item.locations.length === 0 ? (
              <p className="muted small">Not held at any location</p>
            ) : (
              <ul className="location-chips" aria-label={`Locations of ${item.sku}`}>
                {item.locations.map((l) => (
                  <li key={l.location} className="location-chip">
                    <Link className="location-code" to={historyLink('location', l.location)} aria-label={`Stock history of ${l.location}`}>
                      {l.location}
                    </Link>
                    <span className="muted small">{locationTypeLabel(l.location_type)}</span>
                    <span className="location-qty">{l.quantity}</span>
                    {canMove ? (
                      <Link className="btn btn-ghost btn-sm" to={moveLink(item.sku, l.location)} aria-label={`${l.location === RECEIVING_LOCATION ? 'Put away' : 'Move'} ${item.sku} from ${l.location}`}>
                        {l.location === RECEIVING_LOCATION ? 'Put away' : 'Move'}
                      </Link>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
