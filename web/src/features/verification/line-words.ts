// What the verification screen says of a line, in words: picked, not picked, or short (the picker could not find all
// of it, and where they looked).
import type { OrderItem } from '@wh/contracts/orders/http';

type Line = Pick<OrderItem, 'status' | 'quantity' | 'short_quantity' | 'looked_in'>;

export function itemStatusLabel(item: Line): string {
  switch (item.status) {
    case 'picked':
      return 'Picked';
    case 'short':
      return 'Short';
    case 'pending':
      return 'Not picked';
  }
}

const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

/** 'Short: 1 of 2 units not found at A-2-1, B-1-1; 1 unit picked.' */
export function shortWords(item: Line): string {
  const short = item.short_quantity ?? item.quantity;
  const where = item.looked_in.length === 0 ? '' : ` at ${item.looked_in.join(', ')}`;
  const found = item.quantity - short;
  return `Short: ${short} of ${units(item.quantity)} not found${where}${found > 0 ? `; ${units(found)} picked` : ''}.`;
}
