// Stock is kept per (SKU, location). Every event that moves stock carries `movements` in its data, so one
// ledger projection reads them all, whichever feature appended them.

export interface StockMovement {
  sku: string;
  style_code: string;
  // A location code: a bin (A-1-1), a regular rack, a jean rack, or RECEIVING.
  location: string;
  // Positive puts units in, negative takes them out.
  delta: number;
}

export const RECEIVING_LOCATION = 'RECEIVING';

// Each feature adds its stock-moving event types here; the inventory ledger projection handles exactly these.
export const STOCK_MOVEMENT_EVENT_TYPES: readonly string[] = ['OrderItemPicked', 'StockReceiptApproved', 'BinStockCounted', 'InventoryAdjusted'];

export function movementsOf(data: unknown): StockMovement[] {
  const movements = (data as { movements?: unknown } | null)?.movements;
  return Array.isArray(movements) ? (movements as StockMovement[]) : [];
}
