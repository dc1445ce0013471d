import { z } from 'zod';
import { MAX_STOCK, numberDomains } from './input.ts';

// Stock is kept per (SKU, location). Every event that moves stock carries `movements` in its data, so one
// ledger projection reads them all, whichever feature appended them.

export const stockMovementSchema = z.object({
  sku: z.string(),
  style_code: z.string(),
  // A location code: a bin (A-1-1), a regular rack, a jean rack, or RECEIVING.
  location: z.string(),
  // Positive puts units in, negative takes them out.
  delta: numberDomains.stockDelta,
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const RECEIVING_LOCATION = 'RECEIVING';

// A command that would take one SKU at one location past MAX_STOCK (its column) is refused with this.
export function stockCeilingMessage(location: string, sku: string): string {
  return `${location} cannot hold more than ${MAX_STOCK} units of ${sku}: move some elsewhere first.`;
}

// A location a command took past its capacity: what every command that puts stock somewhere answers, so the screen
// that made the change can say so. The units stay where they were put; the warning asks someone to move them or
// to raise the capacity.
export const overCapacitySchema = z.object({
  location: z.string(),
  capacity: z.number().int(),
  // What the location holds in all once the command's units are in.
  quantity_after: z.number().int(),
});
export type OverCapacity = z.infer<typeof overCapacitySchema>;
export const overCapacityListSchema = z.array(overCapacitySchema);

export function overCapacityText(o: OverCapacity): string {
  return `${o.location} is over capacity: it holds ${o.quantity_after} units for a capacity of ${o.capacity} (${o.quantity_after - o.capacity} over).`;
}

// Each feature adds its stock-moving event types here; the inventory ledger projection handles exactly these.
export const STOCK_MOVEMENT_EVENT_TYPES: readonly string[] = [
  'OrderItemPicked',
  'OrderItemShortPicked',
  'OrderItemPickUndone',
  'OrderSentBack',
  'OrderHoldResolved',
  'StockReceiptApproved',
  'BinStockCounted',
  'InventoryAdjusted',
  'StockMoved',
  'ReturnRestocked',
  'ReturnWrittenOff',
  'CountApproved',
];

export function movementsOf(data: unknown): StockMovement[] {
  const movements = (data as { movements?: unknown } | null)?.movements;
  return Array.isArray(movements) ? (movements as StockMovement[]) : [];
}
