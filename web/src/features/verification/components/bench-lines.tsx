import type { Dispatch } from 'react';
import type { OrderItem } from '@wh/contracts/orders/http';
import { Button } from '../../../components/ui/button.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { countLabel, expectedUnits, type BenchCounts } from '../bench.ts';
import type { VerificationEvent } from '../verification-state.ts';
import { OrderLineFacts, orderLineClass, UndoLineButton } from './order-line.tsx';

export interface BenchLinesProps {
  items: readonly OrderItem[];
  bench: BenchCounts;
  dispatch: Dispatch<VerificationEvent>;
  /** A manager may undo a line's pick (the order goes back to its picker); null for a verifier. */
  onUndo: ((item: OrderItem) => void) | null;
}

/** The order's lines at the bench: what was picked (or short), the units counted, and Confirm for a check by hand. */
export function BenchLines({ items, bench, dispatch, onUndo }: BenchLinesProps) {
  return (
    <ul className="verify-items" aria-label="Order items">
      {items.map((item) => {
        const expected = expectedUnits(item);
        const counted = bench.counts[item.id];
        const off = counted !== undefined && counted !== expected;
        return (
          <li key={item.id} className={`${orderLineClass(item)} ${off ? 'is-off' : ''}`} data-sku={item.sku}>
            <OrderLineFacts item={item} />
            <div className="verify-count">
              <NumberField
                label={`Counted ${item.sku}`}
                description={countLabel(bench, item)}
                minValue={0}
                maxValue={1_000_000}
                value={counted ?? Number.NaN}
                onChange={(v) => dispatch({ type: 'counted', itemId: item.id, counted: Number.isNaN(v) ? 0 : v })}
              />
              <Button variant="secondary" size="sm" onPress={() => dispatch({ type: 'counted', itemId: item.id, counted: expected })} aria-label={`Confirm ${item.sku}`}>
                Confirm
              </Button>
              <UndoLineButton item={item} onUndo={onUndo} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
