import { useQuery } from '@tanstack/react-query';
import { RECEIVING_LOCATION } from '@wh/contracts/platform/stock';
import { QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { locationStockQuery } from '../api/moves-api.ts';
import { StockRows } from './stock-rows.tsx';

/** Stock approved into RECEIVING and not yet shelved: each SKU offers its put-away, a move out of RECEIVING. */
export function ReceivingList({ onPutAway }: { onPutAway: (sku: string, quantity: number) => void }) {
  const receiving = useQuery(locationStockQuery(RECEIVING_LOCATION));
  const waiting = receiving.data?.stock ?? [];
  return (
    <section className="card move-receiving" aria-labelledby="move-receiving-title">
      <h2 id="move-receiving-title" className="card-title">
        Waiting in RECEIVING
      </h2>
      <QueryState query={receiving} loading="Loading..." failure="Failed to fetch stock" />
      {receiving.data && waiting.length === 0 ? <p className="muted">Nothing waiting to be put away.</p> : null}
      {waiting.length > 0 ? (
        <StockRows
          label="Stock in RECEIVING"
          rows={waiting}
          action={(w) => (
            <Button size="sm" variant="secondary" onPress={() => onPutAway(w.sku, w.quantity)} aria-label={`Put away ${w.sku}`}>
              Put away
            </Button>
          )}
        />
      ) : null}
    </section>
  );
}
