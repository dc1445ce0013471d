import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { orderHistoryQuery } from '../api/orders-api.ts';
import { workerName } from '../order-filters.ts';

/** An order's history: each event with when it happened and who did it. */
export function OrderHistory({ orderId }: { orderId: number }) {
  const history = useQuery(orderHistoryQuery(orderId));
  return (
    <>
      <h3 className="section-title">History</h3>
      {history.isPending ? (
        <p className="muted" role="status">
          Loading history...
        </p>
      ) : history.isError ? (
        <Alert>{messageOf(history.error, 'Failed to fetch order history')}</Alert>
      ) : (
        <ol className="timeline" aria-label="Order history">
          {history.data.history.map((entry) => (
            <li key={entry.id} className="timeline-entry">
              <span className="timeline-dot" aria-hidden="true" />
              <div>
                <p>{entry.description}</p>
                <p className="muted small">
                  {formatDateTime(entry.at)}
                  {entry.actor ? ` · ${workerName(entry.actor)}` : ''}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
