import type { UseQueryResult } from '@tanstack/react-query';
import type { LocationStock } from '@wh/contracts/inventory/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { StockRows } from './stock-rows.tsx';

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
        <StockRows label={`Stock at ${code}`} rows={held} />
      )}
    </section>
  );
}
