import type { ShippedOrder } from '@wh/contracts/returns/http';
import { Button } from '../../../components/ui/button.tsx';
import { formatDateTime } from '../../../lib/format.ts';

export interface OrderChoiceProps {
  code: string;
  orders: readonly ShippedOrder[];
  onChoose: (order: ShippedOrder) => void;
}

/** Several shipped orders hold the scanned unit: newest first, the one on the parcel's slip is chosen. */
export function OrderChoice({ code, orders, onChoose }: OrderChoiceProps) {
  return (
    <section className="card returns-order" aria-labelledby="returns-choice-title">
      <h2 id="returns-choice-title" className="card-title">{`Orders with ${code}`}</h2>
      <ul className="returns-choices">
        {orders.map((o) => (
          <li key={o.id}>
            <Button variant="secondary" onPress={() => onChoose(o)}>
              {`${o.order_number}${o.customer_name ? ` · ${o.customer_name}` : ''} · shipped ${formatDateTime(o.verified_at)}`}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
