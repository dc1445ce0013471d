import type { StockMovement } from '../platform/stock.ts';

// One stream per order: `order-<id>`. Order and item ids come from sequences when the file is imported.
export const orderStreamId = (orderId: number) => `order-${orderId}`;

export const ORDER_STATUSES = ['pending', 'assigned', 'picking', 'picked', 'completed', 'verified', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface ImportedOrderItem {
  item_id: number;
  sku: string;
  style_code: string;
  style_name: string;
  size: string;
  color: string;
  quantity: number;
  // The Value column, when the file has one.
  value: number | null;
  // Spreadsheet row the item came from (header is row 1).
  row: number;
}

export interface OrderDiscrepancyData {
  item_id: number;
  sku: string;
  issue: string;
  resolution: string;
}

export type OrderEvent =
  | {
      type: 'OrderImported';
      data: {
        order_id: number;
        order_number: string;
        priority: number;
        // YYYY-MM-DD: the file's order date, else the warehouse-local day of the import.
        order_date: string;
        items: ImportedOrderItem[];
        source_file: string;
        at: string;
      };
    }
  | {
      type: 'OrderAssigned';
      data: {
        order_id: number;
        order_number: string;
        worker_id: number;
        previous_worker_id: number | null;
        // Assigned as part of this batch (BatchCreated, in the same append).
        batch_id?: number;
        // Reassigned to another worker out of this batch.
        left_batch_id?: number;
        at: string;
      };
    }
  | {
      type: 'OrderDeassigned';
      // left_batch_id: the batch the order was in, which it leaves.
      data: { order_id: number; order_number: string; worker_id: number; left_batch_id?: number; at: string };
    }
  | {
      type: 'OrderCancelled';
      data: { order_id: number; order_number: string; previous_status: OrderStatus; worker_id: number | null; left_batch_id?: number; at: string };
    }
  | {
      type: 'OrderItemPicked';
      data: {
        order_id: number;
        order_number: string;
        item_id: number;
        sku: string;
        style_code: string;
        quantity: number;
        // Where the unit was taken from; null only for an unstocked pick made without naming a location.
        location: string | null;
        location_type: string | null;
        // No location held the SKU: picked without taking stock (a manager alert shows it).
        unstocked: boolean;
        notes: string | null;
        // Who picked it, and the worker the order is assigned to (the same unless a manager picked).
        picked_by: number;
        worker_id: number;
        // The stock it took: the inventory ledger reads these (empty for an unstocked pick).
        movements: StockMovement[];
        at: string;
      };
    }
  | {
      type: 'OrderCompleted';
      // batch_id: completed with its batch (BatchCompleted, in the same append).
      data: { order_id: number; order_number: string; worker_id: number; completed_by: number; batch_id?: number; at: string };
    }
  | {
      type: 'OrderVerified';
      data: {
        order_id: number;
        order_number: string;
        verified_by: number;
        // The worker who picked the order.
        picked_by: number;
        verification_notes: string | null;
        discrepancies: OrderDiscrepancyData[];
        at: string;
      };
    };

export type OrderEventType = OrderEvent['type'];

export const ORDER_EVENT_TYPES: readonly OrderEventType[] = [
  'OrderImported',
  'OrderAssigned',
  'OrderDeassigned',
  'OrderCancelled',
  'OrderItemPicked',
  'OrderCompleted',
  'OrderVerified',
];

// Batch picking: several orders assigned to one worker and picked in one walk. One stream per batch, `batch-<id>`
// (ids from batch_id_seq). A batch is created in the append that assigns each of its orders (OrderAssigned with
// batch_id) and completed in the one that completes each (OrderCompleted with batch_id). An order leaves its batch
// through its own stream (left_batch_id on OrderDeassigned, OrderCancelled or a reassigning OrderAssigned).
export const batchStreamId = (batchId: number) => `batch-${batchId}`;

// The most orders one batch takes: the totes of a picking cart.
export const MAX_BATCH_ORDERS = 12;
export const MIN_BATCH_ORDERS = 2;

export interface BatchOrderRef {
  order_id: number;
  order_number: string;
  // Tote or slot on the cart, 1..n.
  slot: number;
}

export type BatchEvent =
  | { type: 'BatchCreated'; data: { batch_id: number; worker_id: number; orders: BatchOrderRef[]; created_by: number; at: string } }
  | { type: 'BatchCompleted'; data: { batch_id: number; worker_id: number; orders: BatchOrderRef[]; completed_by: number; at: string } };

export type BatchEventType = BatchEvent['type'];

export const BATCH_EVENT_TYPES: readonly BatchEventType[] = ['BatchCreated', 'BatchCompleted'];
