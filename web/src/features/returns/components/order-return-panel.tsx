import type { ShippedLine } from '@wh/contracts/returns/http';
import { Button } from '../../../components/ui/button.tsx';
import { entriesProblem, leftToReturn, type BenchEvent, type BenchStep, type Entry } from '../bench.ts';
import { EntryFields } from './entry-fields.tsx';
import { ReceiptActions } from './receipt-actions.tsx';

type Recording = Extract<BenchStep, { step: 'order' }>;

export interface OrderReturnPanelProps {
  bench: Recording;
  dispatch: (event: BenchEvent) => void;
  isPending: boolean;
  /** Receives the parcel (or matches it, when one is being matched). */
  onSubmit: () => void;
}

const unitsText = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

/** One shipped line: what went out and came back already, a unit added by hand, and the units recorded of it. */
function ShippedLineRow({ line, entries, dispatch }: { line: ShippedLine; entries: readonly Entry[]; dispatch: (event: BenchEvent) => void }) {
  const mine = entries.filter((e) => e.order_item_id === line.order_item_id);
  const left = leftToReturn(line, entries);
  return (
    <li className="returns-line">
      <div className="returns-line-head">
        <span className="returns-line-what">
          <strong>{line.sku}</strong>
          <span>{[line.item_name, line.size, line.colour].filter(Boolean).join(' · ')}</span>
          <span className="text-muted">{`Shipped ${line.shipped}${line.returned > 0 ? `, ${line.returned} back already` : ''}`}</span>
        </span>
        <Button variant="secondary" size="sm" isDisabled={left <= 0} onPress={() => dispatch({ type: 'unit-added', order_item_id: line.order_item_id })} aria-label={`Add a unit of ${line.sku}`}>
          Add a unit
        </Button>
      </div>
      {mine.map((entry) => (
        <EntryFields key={entry.key} entry={entry} max={left + entry.quantity} dispatch={dispatch} />
      ))}
    </li>
  );
}

/** What came back of a shipped order: each unit's line, reason and grade, then Receive (or Match). */
export function OrderReturnPanel({ bench, dispatch, isPending, onSubmit }: OrderReturnPanelProps) {
  const { order, entries, matching } = bench;
  const count = entries.reduce((n, e) => n + e.quantity, 0);
  const stray = entries.filter((e) => e.order_item_id === null);
  const problem = count === 0 ? 'Scan each unit that came back, or add it by its line.' : (entriesProblem(entries) ?? (stray.length > 0 ? `${stray[0]!.sku} was not shipped on ${order.order_number}: remove it or match another order.` : null));
  return (
    <section className="card returns-order" aria-labelledby="returns-order-title">
      <h2 id="returns-order-title" className="card-title">
        {matching === null ? `Return from ${order.order_number}` : `Return #${matching} to ${order.order_number}`}
      </h2>
      {order.customer_name ? <p className="text-muted">{order.customer_name}</p> : null}
      <ul className="returns-lines">
        {order.lines.map((line) => (
          <ShippedLineRow key={line.order_item_id} line={line} entries={entries} dispatch={dispatch} />
        ))}
      </ul>
      {stray.map((entry) => (
        <EntryFields key={entry.key} entry={entry} max={entry.quantity} dispatch={dispatch} />
      ))}
      <ReceiptActions
        problem={problem}
        submitLabel={matching === null ? `Receive ${unitsText(count)}` : `Match to ${order.order_number}`}
        isPending={isPending}
        dispatch={dispatch}
        onSubmit={onSubmit}
      />
    </section>
  );
}
