import type { OrderItem } from '@wh/contracts/orders/http';

/** A line recorded short, as the picking screen and the printed pick list say it: 'Short' (every unit missing) or 'Short: 1 of 3 not found'. */
export function shortLabel(item: Pick<OrderItem, 'quantity' | 'short_quantity'>): string {
  const short = item.short_quantity ?? item.quantity;
  return short >= item.quantity ? 'Short' : `Short: ${short} of ${item.quantity} not found`;
}
