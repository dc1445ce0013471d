import { z } from 'zod';
import { firstVersion, type EventFamily, type EventsOf } from '../platform/event-schemas.ts';
import { stockMovementSchema } from '../platform/stock.ts';
import { numberDomains as n } from '../platform/input.ts';

// One stream per order: `order-<id>`. Order and item ids come from sequences when the file is imported.
export const orderStreamId = (orderId: number) => `order-${orderId}`;

// on_hold: stopped at verification by a discrepancy, until the verifier sends it back to its picker or resolves it.
export const ORDER_STATUSES = ['pending', 'assigned', 'picking', 'picked', 'completed', 'on_hold', 'verified', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

// Which orders may be assigned, deassigned, cancelled and picked, by status (spec section 4, transitions): the order decider
// refuses the others, and the order table offers these actions and selects these orders on the same rule.
type WithStatus = { status: OrderStatus };

/** Assign or reassign: an order nobody has started picking (pending, or assigned to a worker). */
export const mayAssign = <T extends WithStatus>(order: T): order is T & { status: 'pending' | 'assigned' } =>
  order.status === 'pending' || order.status === 'assigned';

/** Deassign: an order assigned to a worker and not yet started. */
export const mayDeassign = <T extends WithStatus>(order: T): order is T & { status: 'assigned' } => order.status === 'assigned';

/** Cancel: an order nobody has started picking; cancelling is irreversible. */
export const mayCancel = <T extends WithStatus>(order: T): order is T & { status: 'pending' | 'assigned' } =>
  order.status === 'pending' || order.status === 'assigned';

/** Pick and complete: an order assigned to a worker, before or during picking; the picker's list shows these. */
export const mayPick = <T extends WithStatus>(order: T): order is T & { status: 'assigned' | 'picking' } =>
  order.status === 'assigned' || order.status === 'picking';

export const importedOrderItemSchema = z.object({
  item_id: n.id,
  sku: z.string(),
  style_code: z.string(),
  style_name: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: n.quantity,
  // The Value column, when the file has one.
  value: n.money.nullable(),
  // Spreadsheet row the item came from (header is row 1).
  row: n.count32,
});
export type ImportedOrderItem = z.infer<typeof importedOrderItemSchema>;

export const orderDiscrepancySchema = z.object({ item_id: n.id, sku: z.string(), issue: z.string(), resolution: z.string() });
export type OrderDiscrepancyData = z.infer<typeof orderDiscrepancySchema>;

const id = n.id;
const at = z.string();
const orderRef = { order_id: id, order_number: z.string() };
// The line an event about one line names: its order, the item, its SKU and units.
const orderLine = { ...orderRef, item_id: id, sku: z.string(), style_code: z.string(), quantity: n.quantity };

// OrderVerified as version 1 wrote it: `picked_by` named the worker the order was assigned to (not necessarily who
// picked: a manager may pick for the worker), and the event did not say how much was verified.
export const orderVerifiedV1Schema = z.object({
  ...orderRef,
  verified_by: id,
  picked_by: id,
  verification_notes: z.string().nullable(),
  discrepancies: z.array(orderDiscrepancySchema),
  at,
});

const orderVerifiedSchema = z.object({
  ...orderRef,
  verified_by: id,
  // The worker the order was assigned to, as every other order event names it.
  worker_id: id,
  // The order's items (lines) and units the verifier checked; null for an order verified before version 2, which
  // did not record them.
  item_count: n.count32.nullable(),
  unit_count: n.orderUnits.nullable(),
  verification_notes: z.string().nullable(),
  discrepancies: z.array(orderDiscrepancySchema),
  at,
});

// Version 1 to 2: the worker is the one v1 called picked_by; the counts were not recorded.
export function orderVerifiedV1ToV2({ picked_by, ...rest }: z.infer<typeof orderVerifiedV1Schema>): z.infer<typeof orderVerifiedSchema> {
  return { ...rest, worker_id: picked_by, item_count: null, unit_count: null };
}

// A line held at verification: what the pick recorded (units picked, or found for a short) against what the verifier
// counted, and the issue in words.
export const heldLineSchema = z.object({ item_id: id, sku: z.string(), expected: n.count, counted: n.count, issue: z.string() });
export type HeldLine = z.infer<typeof heldLineSchema>;
// A code scanned at the bench that is no line of the order, and how many times.
export const wrongItemSchema = z.object({ code: z.string(), quantity: n.quantity });
export type WrongItem = z.infer<typeof wrongItemSchema>;
// A line of a held order whose pick (or short) a manager undoes at the bench: the order stays on hold and the line is
// held, expecting nothing (its units are back where they were taken from, none in the tote), until it is sent back to
// be picked again or resolved (shipped short in full). The issue it was held for, if any, comes first. The one rule
// for the order decider and the orders projection alike.
export function heldAfterUndo(lines: readonly HeldLine[], undone: { item_id: number; sku: string; undone: 'pick' | 'short'; reason: string }): HeldLine[] {
  const earlier = lines.find((l) => l.item_id === undone.item_id);
  const issue = `${undone.undone === 'short' ? 'Short' : 'Pick'} undone: ${undone.reason}`;
  const line = { item_id: undone.item_id, sku: undone.sku, expected: 0, counted: 0, issue: earlier ? `${earlier.issue}; ${issue}` : issue };
  return earlier ? lines.map((l) => (l.item_id === undone.item_id ? line : l)) : [...lines, line];
}

// A line sent back to its picker: undone as a pick is (its movements reversed), to pick again; `none`: its pick was
// undone already, at the bench, and nothing is left to undo.
const sentBackLineSchema = z.object({ item_id: id, sku: z.string(), undone: z.enum(['pick', 'short', 'none']) });
// A held line resolved: the units shipped (what the verifier counted, at most what was picked) and those missing,
// which go back to the location they were picked from (`location`) to be counted there. `undone`: the line's pick was
// undone at the bench, so none of it ships and it is short in full from then on (absent otherwise).
const resolvedLineSchema = z.object({
  item_id: id,
  sku: z.string(),
  quantity: n.quantity,
  expected: n.count,
  shipped: n.count,
  missing: n.count,
  location: z.string().nullable(),
  undone: z.literal(true).optional(),
});
export type ResolvedLine = z.infer<typeof resolvedLineSchema>;

export const ORDER_EVENTS = {
  OrderImported: firstVersion(
    z.object({
      ...orderRef,
      priority: n.count32,
      // YYYY-MM-DD: the file's order date, else the warehouse-local day of the import.
      order_date: z.string(),
      items: z.array(importedOrderItemSchema),
      source_file: z.string(),
      at,
    }),
  ),
  OrderAssigned: firstVersion(
    z.object({
      ...orderRef,
      worker_id: id,
      previous_worker_id: id.nullable(),
      // Assigned as part of this batch (BatchCreated, in the same append).
      batch_id: id.optional(),
      // Reassigned to another worker out of this batch.
      left_batch_id: id.optional(),
      at,
    }),
  ),
  // left_batch_id: the batch the order was in, which it leaves.
  OrderDeassigned: firstVersion(z.object({ ...orderRef, worker_id: id, left_batch_id: id.optional(), at })),
  OrderCancelled: firstVersion(
    z.object({ ...orderRef, previous_status: z.enum(ORDER_STATUSES), worker_id: id.nullable(), left_batch_id: id.optional(), at }),
  ),
  OrderItemPicked: firstVersion(
    z.object({
      ...orderLine,
      // Where the unit was taken from; null only for an unstocked pick made without naming a location.
      location: z.string().nullable(),
      location_type: z.string().nullable(),
      // No location held the SKU: picked without taking stock (a manager alert shows it).
      unstocked: z.boolean(),
      notes: z.string().nullable(),
      // Who picked it, and the worker the order is assigned to (the same unless a manager picked).
      picked_by: id,
      worker_id: id,
      // The stock it took: the inventory ledger reads these (empty for an unstocked pick).
      movements: z.array(stockMovementSchema),
      at,
    }),
  ),
  // A line the picker could not find in full ("Can't find it"): `short_quantity` of its units were not where they
  // looked (`looked_in`, in the order they looked). The units found, if any, are taken from the first location as a
  // pick takes them (`movements`); the units short are not: they may be misplaced, and the locations looked in are
  // flagged for a count, which settles the stock.
  OrderItemShortPicked: firstVersion(
    z.object({
      ...orderLine,
      // How many of the line's units were not found (1 to quantity).
      short_quantity: n.quantity,
      looked_in: z.array(z.string()),
      notes: z.string().nullable(),
      // Who looked, and the worker the order is assigned to (the same unless a manager looked).
      picked_by: id,
      worker_id: id,
      movements: z.array(stockMovementSchema),
      at,
    }),
  ),
  // A pick or a short undone (a mistaken pick, a short recorded too soon): the line is to pick again, the stock the
  // pick or short took goes back to where it came from (`movements`, the reverse of theirs), and the order's status is
  // recalculated (`status`: picking while other lines are picked or short, else assigned; on hold stays on hold, the
  // line held: heldAfterUndo). Who undid it and why.
  OrderItemPickUndone: firstVersion(
    z.object({
      ...orderLine,
      undone: z.enum(['pick', 'short']),
      reason: z.string(),
      undone_by: id,
      worker_id: id,
      previous_status: z.enum(ORDER_STATUSES),
      status: z.enum(ORDER_STATUSES),
      movements: z.array(stockMovementSchema),
      at,
    }),
  ),
  // batch_id: completed with its batch (BatchCompleted, in the same append). short_items: lines recorded short
  // ("completed short"); absent when none were.
  OrderCompleted: firstVersion(
    z.object({ ...orderRef, worker_id: id, completed_by: id, batch_id: id.optional(), short_items: n.count32.optional(), at }),
  ),
  OrderVerified: { schema: orderVerifiedSchema, upcasters: [orderVerifiedV1ToV2] },
  // A completed order stopped at verification: a line counted short or over, items that are no line of the order, or
  // a discrepancy reported. It waits for the verifier to send lines back to its picker or to resolve them.
  OrderHeld: firstVersion(
    z.object({
      ...orderRef,
      held_by: id,
      worker_id: id,
      lines: z.array(heldLineSchema),
      wrong_items: z.array(wrongItemSchema),
      discrepancies: z.array(orderDiscrepancySchema),
      verification_notes: z.string().nullable(),
      at,
    }),
  ),
  // Lines of a held order sent back to its picker, with why: each is undone (the stock its pick took goes back where it
  // came from, `movements`) and is to pick again; the order is being picked (or assigned, with no line left done).
  OrderSentBack: firstVersion(
    z.object({
      ...orderRef,
      sent_by: id,
      worker_id: id,
      reason: z.string(),
      lines: z.array(sentBackLineSchema),
      status: z.enum(ORDER_STATUSES),
      movements: z.array(stockMovementSchema),
      at,
    }),
  ),
  // Every held line resolved, with why: shipped as counted ("short shipped" when units are missing, a line short from
  // then on); the missing units go back to the location they were picked from (the stock correction, `movements`),
  // which is flagged for a count. Verified in the same append.
  OrderHoldResolved: firstVersion(
    z.object({ ...orderRef, resolved_by: id, worker_id: id, reason: z.string(), lines: z.array(resolvedLineSchema), movements: z.array(stockMovementSchema), at }),
  ),
} satisfies EventFamily;

export type OrderEvent = EventsOf<typeof ORDER_EVENTS>;
export type OrderEventType = OrderEvent['type'];
export const ORDER_EVENT_TYPES = Object.keys(ORDER_EVENTS) as readonly OrderEventType[];

// Batch picking: several orders assigned to one worker and picked in one walk. One stream per batch, `batch-<id>`
// (ids from batch_id_seq). A batch is created in the append that assigns each of its orders (OrderAssigned with
// batch_id) and completed in the one that completes each (OrderCompleted with batch_id). An order leaves its batch
// through its own stream (left_batch_id on OrderDeassigned, OrderCancelled or a reassigning OrderAssigned).
export const batchStreamId = (batchId: number) => `batch-${batchId}`;

// The most orders one batch takes: the totes of a picking cart.
export const MAX_BATCH_ORDERS = 12;
export const MIN_BATCH_ORDERS = 2;

export const batchOrderRefSchema = z.object({
  order_id: id,
  order_number: z.string(),
  // Tote or slot on the cart, 1..n.
  slot: z.number().int().min(1).max(MAX_BATCH_ORDERS),
});
export type BatchOrderRef = z.infer<typeof batchOrderRefSchema>;

export const BATCH_EVENTS = {
  BatchCreated: firstVersion(z.object({ batch_id: id, worker_id: id, orders: z.array(batchOrderRefSchema), created_by: id, at })),
  BatchCompleted: firstVersion(z.object({ batch_id: id, worker_id: id, orders: z.array(batchOrderRefSchema), completed_by: id, at })),
} satisfies EventFamily;

export type BatchEvent = EventsOf<typeof BATCH_EVENTS>;
export type BatchEventType = BatchEvent['type'];
export const BATCH_EVENT_TYPES = Object.keys(BATCH_EVENTS) as readonly BatchEventType[];
