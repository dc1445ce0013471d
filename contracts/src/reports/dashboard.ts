import type { OrderStatus } from '../orders/events.ts';

// What each order figure of the dashboard counts, as the filters of the screen its card opens: the server counts
// with these filters through the Orders list's own query, and the card links to the screen filtered by them, so the
// figure is what that screen shows. A day is an order date (the Orders screen's Order Date; a file without dates
// dates its orders by the day of the import), in the warehouse's time zone. Kept free of zod: the dashboard's chunk
// reads it.

export interface OrderFigureFilter {
  date?: string;
  status?: readonly OrderStatus[];
  worker_id?: number;
}

/** The day's orders: all of them, those completed (verified ones too), those waiting for a worker. */
export const dashboardOrderFilters = (day: string) =>
  ({
    total: { date: day },
    completed: { date: day, status: ['completed', 'verified'] },
    pending: { date: day, status: ['pending'] },
  }) as const satisfies Record<string, OrderFigureFilter>;

/** A worker's orders to pick, whatever their day: what the picking screen lists. */
export const myAssignedFilter = (workerId: number) => ({ worker_id: workerId, status: ['assigned', 'picking'] }) as const satisfies OrderFigureFilter;

/** The Orders screen showing exactly the orders of `filter`. */
export function ordersLink(filter: OrderFigureFilter): string {
  const query = new URLSearchParams();
  if (filter.date) query.set('date', filter.date);
  if (filter.status && filter.status.length > 0) query.set('status', filter.status.join(','));
  if (filter.worker_id !== undefined) query.set('worker_id', String(filter.worker_id));
  const text = query.toString();
  return text ? `/orders?${text}` : '/orders';
}

/** The returns bench's screen: the dashboard's returns waiting opens it, where the same parcels are listed. */
export const RETURNS_SCREEN = '/returns';

/** A parcel waiting this long or longer is overdue on the dashboard (restocked within days is the aim). */
export const RETURNS_OVERDUE_DAYS = 3;

/** The count accuracy report: the dashboard's Count Accuracy card opens it, where the weeks behind its figure are. */
export const COUNT_ACCURACY_REPORT = '/reports?type=count-accuracy';

/** First counts matching this often or more read as good on the dashboard (below it, the counts find drift). */
export const COUNT_ACCURACY_GOOD = 0.95;
