import type { UseQueryResult } from '@tanstack/react-query';
import type { LocationStock } from '@wh/contracts/inventory/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { messageOf } from '../../../lib/api-errors.ts';

/** What the from-location holds now, SKU by SKU, as its label is scanned. */
export function HeldStock({ code, stock }: { code: string; stock: UseQueryResult<LocationStock> }) {
  if (stock.isError) return <Alert title="Error">{messageOf(stock.error, 'Failed to fetch stock')}</Alert>;
  if (!stock.data) return <p className="muted">Reading what {code} holds...</p>;
  const { location, stock: held } = stock.data;
  return (
    <section className="card move-held" aria-labelledby="move-held-title">
      <h2 id="move-held-title" className="card-title">
        {code} holds
      </h2>
      {!location.is_active ? <p className="muted">{code} is deactivated.</p> : null}
      {held.length === 0 ? (
        <p className="muted">Nothing: there is no stock here to move.</p>
      ) : (
        <ul className="move-held-list" aria-label={`Stock at ${code}`}>
          {held.map((h) => (
            <li key={h.sku}>
              <span className="move-code">{h.sku}</span>
              <span className="muted small">{[h.style_name, h.size, h.color].filter(Boolean).join(' · ')}</span>
              <span className="move-held-qty">{h.quantity}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
