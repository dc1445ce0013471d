import { sql } from 'kysely';
import {
  compareStreamPositions,
  MAX_REPORTED_EXISTING_ORDERS,
  MAX_REPORTED_NO_STOCK_ORDERS,
  MAX_REPORTED_ROW_ERRORS,
  orderStreamId,
  type OrderEvent,
  type OrderUploadResult,
} from '@wh/contracts';
import { UPLOAD_MESSAGES } from '../../platform/uploads.ts';
import type { AppendResult, StreamAppend } from '../../platform/event-store.ts';
import { nextIds, runCommand, type Command, type CommandHandler, type CommandOutcome, type Decision } from '../../platform/command.ts';
import { registerOrderEvents } from '../../platform/registries.ts';
import { isUniqueViolation } from '../../platform/event-store.ts';
import { stockedSkus } from '../../platform/stock.ts';
import type { Parts } from '../../platform/file-pool.ts';
import { PART_LENGTH } from '../../platform/file-worker.ts';
import type { OrderImportPlan, PlannedOrder } from './import-file.ts';

// Orders per transaction, one part of the plan each: big enough that a 100,000-row file takes a few dozen short
// transactions, small enough that none of them holds the projector back for long.
export const ORDERS_PER_TRANSACTION = PART_LENGTH;
// Chunks written side by side: the database, not this process, is the bottleneck of a big upload.
const PARALLEL_TRANSACTIONS = 2;

export interface StoredImport {
  orders: number;
  items: number;
  units: number;
  // Order numbers already imported (earlier, or by an upload that raced this one): skipped whole.
  skipped_existing: string[];
  // The orders imported with lines whose SKU no location holds, each with those SKUs, in file order.
  no_stock: NoStockOrder[];
}

export interface NoStockOrder {
  order_number: string;
  skus: string[];
}

// The plan's orders a part at a time (the upload pool's Parts): a part is read, decided and appended, then let go,
// so a 100,000-row file's orders are never all in memory at once.
export type ImportInput = ImportOptions & { orders: Parts<PlannedOrder> };

interface ImportOptions {
  at: string;
  importDay: string;
  sourceFile: string;
}

// Appends one OrderImported per new order, many streams per transaction. Each order number is claimed in
// order_registry in the same transaction, so an order is written whole or not at all and never twice.
export const storeImportedOrders: CommandHandler<ImportInput, StoredImport> = async (ctx, { orders, ...options }, metadata) => {
  const { db } = ctx;
  const stored: CommandOutcome<StoredImport>[] = new Array(orders.count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < orders.count; i = next++) stored[i] = await runCommand(db, importChunk(orders.part(i), options), metadata);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_TRANSACTIONS, orders.count) }, worker));
  return stored.reduce<CommandOutcome<StoredImport>>(
    (all, c) => ({
      result: {
        orders: all.result.orders + c.result.orders,
        items: all.result.items + c.result.items,
        units: all.result.units + c.result.units,
        skipped_existing: [...all.result.skipped_existing, ...c.result.skipped_existing],
        no_stock: [...all.result.no_stock, ...c.result.no_stock],
      },
      append: later(all.append, c.append),
    }),
    { result: { orders: 0, items: 0, units: 0, skipped_existing: [], no_stock: [] }, append: null },
  );
};

// Read-your-writes waits for the chunk the projector reaches last: the highest (transaction, position).
function later(a: AppendResult | null, b: AppendResult | null): AppendResult | null {
  if (!a || !b) return a ?? b;
  return compareStreamPositions(b, a) > 0 ? b : a;
}

interface ChunkFacts {
  // Order number keys already in order_registry.
  existing: ReadonlySet<string>;
  orderIds: number[];
  itemIds: number[];
  // The chunk's SKUs that some location holds.
  stocked: ReadonlySet<string>;
}

// A chunk of orders as one command: the numbers already imported are read, ids are drawn for the rest, and each new
// order's number is claimed in order_registry (registerOrderEvents) in the append's transaction, so an order is
// written whole or not at all and never twice (an upload racing this one for a number makes it read and decide again).
function importChunk(chunk: readonly PlannedOrder[], options: ImportOptions): Command<ChunkFacts, StoredImport, OrderEvent> {
  return {
    locks: true,
    retryOn: (error) => isUniqueViolation(error, 'order_registry_pkey'),
    read: async (trx) => {
      const keys = chunk.map((o) => o.key);
      const { rows } = await sql<{ number_key: string }>`
        select number_key from order_registry where number_key = any(${keys}::text[])`.execute(trx);
      const existing = new Set(rows.map((r) => r.number_key));
      const fresh = chunk.filter((o) => !existing.has(o.key));
      return {
        existing,
        orderIds: await nextIds(trx, 'order_id_seq', fresh.length),
        itemIds: await nextIds(trx, 'order_item_id_seq', fresh.reduce((n, o) => n + o.items.length, 0)),
        stocked: await stockedSkus(trx, fresh.flatMap((o) => o.items.map((i) => i.sku))),
      };
    },
    decide: (facts) => decideImportedOrders(chunk, facts, options),
    appendWith: ({ appends }) => ({ effects: (trx) => registerOrderEvents(trx, appends.flatMap((a) => a.events)) }),
  };
}

// Pure: one OrderImported per order not imported yet, with the ids drawn for it (in file order).
export function decideImportedOrders(
  chunk: readonly PlannedOrder[],
  facts: ChunkFacts,
  options: Pick<ImportOptions, 'at' | 'importDay' | 'sourceFile'>,
): Decision<StoredImport, OrderEvent> {
  const fresh = chunk.filter((o) => !facts.existing.has(o.key));
  let nextItem = 0;
  const appends: StreamAppend<OrderEvent>[] = fresh.map((o, i) => {
    const orderId = facts.orderIds[i]!;
    const event: OrderEvent = {
      type: 'OrderImported',
      data: {
        order_id: orderId,
        order_number: o.order_number,
        priority: o.priority,
        order_date: o.order_date ?? options.importDay,
        items: o.items.map((item) => ({ item_id: facts.itemIds[nextItem++]!, ...item })),
        source_file: options.sourceFile,
        at: options.at,
      },
    };
    return { streamId: orderStreamId(orderId), expectedVersion: 0, events: [event] };
  });
  return {
    appends,
    result: {
      orders: fresh.length,
      items: nextItem,
      units: fresh.reduce((n, o) => n + o.items.reduce((u, item) => u + item.quantity, 0), 0),
      skipped_existing: chunk.filter((o) => facts.existing.has(o.key)).map((o) => o.order_number),
      // Said with the upload's answer, not found at the picking screen.
      no_stock: fresh
        .map((o) => ({ order_number: o.order_number, skus: [...new Set(o.items.map((i) => i.sku).filter((sku) => !facts.stocked.has(sku)))] }))
        .filter((o) => o.skus.length > 0),
    },
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

// What the upload panel shows. Nothing imported and nothing already there is a failure: the first row error,
// or no data at all.
export function uploadResult(plan: Omit<OrderImportPlan, 'orders'>, stored: StoredImport): OrderUploadResult {
  const noStock = stored.no_stock;
  const skipped = stored.skipped_existing.length;
  const firstError = plan.errors[0];
  const nothing = stored.orders === 0 && skipped === 0;
  const message = nothing
    ? firstError
      ? `File validation failed: Row ${firstError.row}: ${firstError.error}`
      : UPLOAD_MESSAGES.noData
    : [
        `Successfully processed ${plural(stored.orders, 'order')} with ${plural(stored.items, 'item')}.`,
        skipped > 0 ? `${plural(skipped, 'order')} already imported ${skipped === 1 ? 'was' : 'were'} skipped.` : '',
        plan.errors.length > 0 ? `${plural(plan.errors.length, 'row')} had errors.` : '',
        noStock.length > 0 ? `${plural(noStock.length, 'order')} ${noStock.length === 1 ? 'has' : 'have'} items with no stock anywhere.` : '',
      ]
        .filter(Boolean)
        .join(' ');
  return {
    success: !nothing,
    message,
    total_orders: stored.orders,
    total_items: stored.items,
    total_units: stored.units,
    invalid_items: plan.errors.length,
    skipped_gift_vouchers: plan.skipped_gift_vouchers,
    skipped_fulfilled: plan.skipped_fulfilled,
    skipped_existing_orders: skipped,
    skipped_existing_order_numbers: stored.skipped_existing.slice(0, MAX_REPORTED_EXISTING_ORDERS),
    errors: plan.errors.slice(0, MAX_REPORTED_ROW_ERRORS),
    no_stock_orders: noStock.length,
    no_stock: noStock.slice(0, MAX_REPORTED_NO_STOCK_ORDERS),
  };
}
