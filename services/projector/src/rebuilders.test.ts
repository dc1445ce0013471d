import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createDatabase, type Database, type DatabaseHandle } from '@wh/db';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import { projectBatch } from './batch.ts';
import { projections } from './projections/index.ts';
import { rebuildReadModels } from './rebuild.ts';
import type { RebuildIo } from './rebuild-io.ts';
import { failingAtBatch, projectAll, snapshot } from './testing.ts';

// The rebuild-only rebuilders (audit, orders, reports, returns reports, stock ledger, receiving, adjustments: state in
// memory, rows COPYed) against the live `apply` path, on a scripted history: the live projector's tables after batches
// of several sizes must equal the rebuild's, table for table, row for row. Strings carry what COPY's text format must
// escape.

let scratch: TestDatabase;
let handle: DatabaseHandle;
let db: Kysely<Database>;

const ODD = 'tab\there, new\nline, back\\slash, "quoted", {braces}, a,comma, NULL, \\N, é ü 漢 😀';
const t = (minute: number) => new Date(Date.UTC(2025, 4, 6, 8, minute, 0, minute % 7)).toISOString();

interface Scripted {
  stream: string;
  type: string;
  data: Record<string, unknown>;
  actor: number | null;
}

// Users renamed in between (the audit names them as they were called), twelve orders living every kind of life
// (reassigned, unassigned, cancelled pending and assigned, picked with and without stock, completed, verified with
// discrepancies, an item picked twice), a pick of an order never imported, adjustments moving stock.
function history(): Scripted[] {
  const out: Scripted[] = [];
  const push = (stream: string, type: string, data: Record<string, unknown>, actor: number | null = 2) => out.push({ stream, type, data, actor });
  push('user-2', 'UserCreated', { user_id: 2, username: 'manny', email: null, full_name: 'Manny', role: 'manager', is_active: true, at: t(0) }, null);
  for (const [id, name] of [[7, 'walt'], [8, `wendy ${ODD}`], [9, 'vera']] as const)
    push(`user-${id}`, 'UserCreated', { user_id: id, username: name, email: null, full_name: name, role: id === 9 ? 'executive2' : 'worker', is_active: true, at: t(1) });
  push('location-A-1-1', 'LocationCreated', { location_id: 2, code: 'A-1-1', location_type: 'bin', capacity: 500, gender: null, at: t(1) });
  // A rack whose code looks like a jeans rack: the stock rows take the type the layout gave, not the guess.
  push('location-J-1', 'LocationCreated', { location_id: 3, code: 'J-1', location_type: 'rack', capacity: 50, gender: 'women', at: t(1) });
  receipts(push);
  let item = 100;
  let adjustment = 0;
  for (let o = 1; o <= 12; o++) {
    const ref = { order_id: o, order_number: o === 5 ? `#${o} ${ODD}` : `#${o}` };
    const stream = `order-${o}`;
    const items = Array.from({ length: 1 + (o % 4) }, (_, k) => ({
      item_id: ++item,
      sku: k === 1 ? `SK-${ODD}` : `KN10${o}-12-WINE`,
      style_code: 'KN10',
      style_name: k % 2 ? `Zed ${ODD}` : 'Alpha Jumper',
      size: '12',
      color: 'Wine',
      quantity: 1 + (k % 3),
      value: k === 0 ? null : 12.5 * (k + 1),
      row: k + 2,
    }));
    push(stream, 'OrderImported', { ...ref, priority: o % 3 === 0 ? 2 : 1, order_date: '2025-05-06', items, source_file: `orders ${ODD}.csv`, at: t(o) });
    if (o === 2) {
      push(stream, 'OrderCancelled', { ...ref, previous_status: 'pending', worker_id: null, at: t(20 + o) });
      continue;
    }
    if (o === 12) continue; // still pending
    const worker = o % 2 ? 7 : 8;
    push(stream, 'OrderAssigned', { ...ref, worker_id: worker, previous_worker_id: null, at: t(20 + o) });
    if (o === 3) {
      push(stream, 'OrderCancelled', { ...ref, previous_status: 'assigned', worker_id: worker, at: t(22 + o) });
      continue;
    }
    if (o === 4) {
      push(stream, 'OrderDeassigned', { ...ref, worker_id: worker, at: t(22 + o) });
      push('user-8', 'UserUpdated', { user_id: 8, username: 'wendy2', email: null, full_name: 'Wendy', role: 'worker', at: t(23 + o) });
      push(stream, 'OrderAssigned', { ...ref, worker_id: 8, previous_worker_id: null, at: t(24 + o) });
      push(stream, 'OrderAssigned', { ...ref, worker_id: 7, previous_worker_id: 8, at: t(25 + o) });
    }
    if (o === 11) continue; // assigned, never picked
    items.forEach((it, k) => {
      const stocked = (o + k) % 3 !== 0;
      push(
        stream,
        'OrderItemPicked',
        {
          ...ref, item_id: it.item_id, sku: it.sku, style_code: it.style_code, quantity: it.quantity, picked_by: worker, worker_id: worker,
          location: stocked ? 'A-1-1' : null, location_type: stocked ? 'bin' : null, unstocked: !stocked, notes: stocked ? null : ODD,
          movements: stocked ? [{ sku: it.sku, style_code: it.style_code, location: 'A-1-1', delta: -it.quantity }] : [], at: t(30 + o + k),
        },
        worker,
      );
    });
    if (o === 6) {
      // The same item picked again (the last pick wins), and a pick of an order never imported.
      const again = items[0]!;
      push(stream, 'OrderItemPicked', { ...ref, item_id: again.item_id, sku: again.sku, style_code: 'KN10', quantity: 1, picked_by: 8, worker_id: 8, location: 'A-1-1', location_type: 'bin', unstocked: false, notes: 'again', movements: [], at: t(45) }, 8);
      push('order-99', 'OrderItemPicked', { order_id: 99, order_number: '#99', item_id: 9999, sku: 'X', style_code: 'X', quantity: 1, picked_by: 8, worker_id: 8, location: null, location_type: null, unstocked: true, notes: null, movements: [], at: t(46) }, 8);
    }
    // Picks undone: order 7's first pick undone and picked again by the other worker (then verified), order 10's
    // undone and left to pick; order 8's first line sent back from the bench and picked again.
    const undoFirst = (type: 'undo' | 'send back', minute: number) => {
      const it = items[0]!;
      // The reverse of the first pick's movements (none for a pick made without stock).
      const back = o % 3 !== 0 ? [{ sku: it.sku, style_code: it.style_code, location: 'A-1-1', delta: it.quantity }] : [];
      if (type === 'undo') {
        push(stream, 'OrderItemPickUndone', {
          ...ref, item_id: it.item_id, sku: it.sku, style_code: it.style_code, quantity: it.quantity, undone: 'pick', reason: ODD, undone_by: 2,
          worker_id: worker, previous_status: 'picking', status: 'picking', movements: back, at: t(minute),
        });
      } else {
        push(stream, 'OrderCompleted', { ...ref, worker_id: worker, completed_by: worker, at: t(minute) });
        push(stream, 'OrderHeld', { ...ref, held_by: 9, worker_id: worker, lines: [{ item_id: it.item_id, sku: it.sku, expected: it.quantity, counted: 0, issue: ODD }], wrong_items: [], discrepancies: [], verification_notes: null, at: t(minute) }, 9);
        push(stream, 'OrderSentBack', { ...ref, sent_by: 9, worker_id: worker, reason: ODD, lines: [{ item_id: it.item_id, sku: it.sku, undone: 'pick' }], status: 'picking', movements: back, at: t(minute) }, 9);
      }
    };
    if (o === 7 || o === 8 || o === 10) {
      undoFirst(o === 8 ? 'send back' : 'undo', 46);
      if (o !== 10) {
        const it = items[0]!;
        const by = o === 7 ? 8 : worker;
        push(stream, 'OrderItemPicked', { ...ref, item_id: it.item_id, sku: it.sku, style_code: it.style_code, quantity: it.quantity, picked_by: by, worker_id: worker, location: 'A-1-1', location_type: 'bin', unstocked: false, notes: null, movements: [{ sku: it.sku, style_code: it.style_code, location: 'A-1-1', delta: -it.quantity }], at: t(47) }, by);
      }
    }
    if (o === 10) continue; // picking
    push(stream, 'OrderCompleted', { ...ref, worker_id: worker, completed_by: worker, at: t(50 + o) });
    if (o === 9) continue; // completed
    const discrepancies = o % 2 ? [] : [{ item_id: items[0]!.item_id, sku: items[0]!.sku, issue: ODD, resolution: 'fixed' }];
    push(stream, 'OrderVerified', { ...ref, verified_by: 9, picked_by: worker, verification_notes: o === 8 ? ODD : null, discrepancies, at: t(55 + o) }, 9);
    const sku = `KN10${o}-12-WINE`;
    const id = ++adjustment;
    push(`adjustment-${id}`, 'InventoryAdjusted', {
      adjustment_id: id, sku, style_code: 'KN10', adjustment_type: 'increase', quantity: 5, old_quantity: 0, new_quantity: 5, location: 'A-1-1',
      location_type: 'bin', reason: ODD, notes: null, movements: [{ sku, style_code: 'KN10', location: 'A-1-1', delta: 5 }], at: t(56 + o),
    });
    // Two of them moved on to the rack (past its capacity once, confirmed): both sides in the ledger.
    push(`move-${id}`, 'StockMoved', {
      move_id: id, sku, style_code: 'KN10', quantity: 2, from_location: 'A-1-1', to_location: 'J-1',
      over_capacity: o === 10 ? { location: 'J-1', capacity: 50, quantity_after: 52 } : null,
      movements: [{ sku, style_code: 'KN10', location: 'A-1-1', delta: -2 }, { sku, style_code: 'KN10', location: 'J-1', delta: 2 }], at: t(57 + o),
    });
  }
  returns(push);
  return out;
}

// Parcels sent back: one for order 1 (a line restocked to a bin, one to RETURNS and then written off from there) and
// one received unmatched, then matched to order 5 with other lines; sizes and notes carry what COPY must escape.
function returns(push: (stream: string, type: string, data: Record<string, unknown>, actor?: number | null) => void): void {
  const line = (n: number, size: string, quantity: number, reason: string, grade: string) => ({
    line: n, order_item_id: null, sku: `KN10-${n}-WINE`, style_code: 'KN10', size, colour: 'Wine', quantity, reason, reason_note: reason === 'other' ? ODD : null, grade,
  });
  const moved = (location: string, delta: number) => ({ sku: 'KN10-2-WINE', style_code: 'KN10', location, delta });
  push('return-1', 'ReturnReceived', { return_id: 1, order_id: 1, order_number: '#1', scanned: '#1', note: ODD, lines: [line(1, '12', 1, 'too_small', 'A'), line(2, ODD, 2, 'other', 'C')], at: t(80) });
  const restock = (n: number, from: string | null, to: string, quantity: number, at: string) =>
    push('return-1', 'ReturnRestocked', {
      return_id: 1, order_id: 1, line: n, sku: `KN10-${n}-WINE`, style_code: 'KN10', quantity, grade: n === 1 ? 'A' : 'C', from_location: from, location: to,
      over_capacity: null, movements: [...(from ? [moved(from, -quantity)] : []), moved(to, quantity)], at,
    });
  restock(1, null, 'A-1-1', 1, t(81));
  restock(2, null, 'RETURNS', 2, t(82));
  push('return-2', 'ReturnReceived', { return_id: 2, order_id: null, order_number: null, scanned: null, note: 'no slip', lines: [line(1, '12', 1, 'too_large', 'B')], at: t(83) });
  push('return-2', 'ReturnMatched', { return_id: 2, order_id: 5, order_number: `#5 ${ODD}`, lines: [line(1, '12', 1, 'too_small', 'B'), line(2, '14', 1, 'faulty', 'D')], at: t(84) });
  push('return-1', 'ReturnWrittenOff', { return_id: 1, order_id: 1, line: 2, sku: 'KN10-2-WINE', style_code: 'KN10', quantity: 2, grade: 'C', from_location: 'RETURNS', note: ODD, movements: [moved('RETURNS', -2)], at: t(85) });
}

// Receipts of a known style, of a style and SKU the catalogue learns afterwards (they stop needing a manager), one
// approved, one rejected, one still pending, and one recorded after the style was created.
function receipts(push: (stream: string, type: string, data: Record<string, unknown>, actor?: number | null) => void): void {
  const line = (id: number, style: string, sku: string, known: boolean) => ({
    receipt_id: id, style_code: style, style_name: id === 4 ? ODD : `${style} name`, sku, color: 'Black', size: 'M', quantity: 10 + id,
    source: 'manual_stock', upload_id: id === 4 ? null : 'up-1', filename: id === 4 ? null : `stock ${ODD}.xlsx`, row: id === 4 ? null : id + 1,
    gatepass_number: id === 4 ? null : `GP-${id}`, received_date: id === 4 ? null : '2025-05-01', style_known: known, variant_known: known,
    approver: known ? 'executive2' : 'manager', recorded_by: 2, at: t(2),
  });
  push('receipt-1', 'StockReceiptRecorded', line(1, 'KN10', 'KN101-12-WINE', true));
  push('receipt-2', 'StockReceiptRecorded', line(2, 'NEW1', 'NEW1-M-BLACK', false));
  push('receipt-3', 'StockReceiptRecorded', line(3, 'NEW1', 'NEW1-M-BLACK', false));
  push('receipt-4', 'StockReceiptRecorded', line(4, 'NEW2', 'NEW2-M-BLACK', false));
  push('style-1', 'StyleCreated', {
    style_id: 1, style_code: 'NEW1', name: 'New One', is_jeans: false, images: [], variants: [{ sku: 'NEW1-M-BLACK', size: 'M', color: 'Black' }], source: 'manual', at: t(3),
  });
  push('receipt-5', 'StockReceiptRecorded', line(5, 'NEW1', 'NEW1-M-BLACK', true));
  const approve = (id: number, sku: string, style: string, location: string, type: string) =>
    push(`receipt-${id}`, 'StockReceiptApproved', {
      receipt_id: id, style_code: style, sku, color: 'Black', size: 'M', quantity: 10 + id, location, location_type: type, notes: id === 1 ? ODD : null,
      gatepass_number: `GP-${id}`, received_date: '2025-05-01', approved_by: 2, auto: id === 5, style_created: false, variant_created: false,
      reason: 'receipt approved', at: t(4), movements: [{ sku, style_code: style, location, delta: 10 + id }],
    });
  approve(1, 'KN101-12-WINE', 'KN10', 'J-1', 'rack');
  approve(2, 'NEW1-M-BLACK', 'NEW1', 'A-1-1', 'bin');
  push('receipt-3', 'StockReceiptRejected', { receipt_id: 3, reason: ODD, rejected_by: 2, at: t(4) });
  approve(5, 'NEW1-M-BLACK', 'NEW1', 'J-1', 'rack');
}

async function append(events: readonly Scripted[]): Promise<void> {
  const versions = new Map<string, number>();
  // A few events per transaction, so batches straddle transactions.
  for (let i = 0; i < events.length; i += 3) {
    await db.transaction().execute(async (trx) => {
      for (const e of events.slice(i, i + 3)) {
        const version = (versions.get(e.stream) ?? 0) + 1;
        versions.set(e.stream, version);
        await sql`
          insert into events (stream_id, stream_version, event_type, data, metadata)
          values (${e.stream}, ${version}, ${e.type}, ${JSON.stringify(e.data)}::jsonb,
                  ${JSON.stringify({ actor_id: e.actor, actor_role: e.actor === null ? null : 'manager', correlation_id: 'c', causation_id: null, client_ip: null })}::jsonb)`.execute(trx);
      }
    });
  }
}

// The live projector from empty read models, in batches of `size`.
async function projectLive(size: number): Promise<Record<string, unknown[]>> {
  await db.transaction().execute(async (trx) => {
    await sql`truncate ${sql.join(Object.keys(await snapshot(db)).map((t) => sql.table(t)))}`.execute(trx);
    await trx.updateTable('projector_checkpoints').set({ last_tx: '0', last_pos: '0' }).where('name', '=', 'main').execute();
  });
  await projectAll(() => db.transaction().execute((trx) => projectBatch(trx, projections, size)));
  return snapshot(db);
}

beforeAll(async () => {
  scratch = await createTestDatabase(inject('pgUrl'));
  handle = createDatabase(scratch.url);
  db = handle.db;
  await append(history());
}, 300_000);
afterAll(async () => {
  await handle?.close();
  await scratch?.drop();
});

describe('the rebuild-only rebuilders', () => {
  it('leave exactly the tables the live projector builds, whatever the batch sizes on either side', async () => {
    const live = await projectLive(1000);
    // The history reached every table the rebuilders write.
    for (const table of ['rm_receipts', 'rm_adjustments', 'rm_styles', 'rm_locations', 'rm_audit', 'rm_orders', 'rm_order_items', 'rm_order_status_counts', 'rm_order_sku_stock', 'rm_search_terms', 'rm_order_terms', 'rm_order_timings', 'rm_report_picks', 'rm_report_buckets', 'rm_report_worker_buckets', 'rm_stock_movements', 'rm_stock', 'rm_sku_stock', 'rm_location_stock', 'rm_location_styles', 'rm_return_shipped', 'rm_return_shipped_total', 'rm_return_received', 'rm_return_restock_times', 'rm_returns_open'])
      expect(live[table]!.length, table).toBeGreaterThan(0);
    expect(live.rm_orders!.map((o) => (o as { status: string }).status).sort()).toEqual(
      ['assigned', 'cancelled', 'cancelled', 'completed', 'pending', 'picking', 'verified', 'verified', 'verified', 'verified', 'verified', 'verified'],
    );
    const receipts = live.rm_receipts as { status: string; style_known: boolean; variant_known: boolean }[];
    expect(receipts.map((r) => `${r.status} ${r.style_known} ${r.variant_known}`).sort()).toEqual(
      ['approved true true', 'approved true true', 'approved true true', 'pending false false', 'rejected true true'],
    );
    const stock = live.rm_stock as { location: string; location_type: string }[];
    const onRack = stock.filter((r) => r.location === 'J-1').map((r) => r.location_type);
    expect(onRack.length).toBeGreaterThan(2);
    expect(new Set(onRack)).toEqual(new Set(['rack']));
    const moved = (live.rm_stock_movements as { event_type: string; reason: string | null; delta: number }[]).filter((m) => m.event_type === 'StockMoved');
    expect(new Set(moved.map((m) => `${m.delta} ${m.reason}`))).toEqual(new Set(['-2 Moved from A-1-1 to J-1', '2 Moved from A-1-1 to J-1']));
    // A pick undone counts for nobody: order 10 has 3 lines, the first undone; order 7's first is picked again by
    // worker 8 and order 8's one line again after it was sent back. Each standing pick is credited once.
    const picks = live.rm_report_picks as { order_id: number; picked_by: number }[];
    const picksOf = (order: number) => picks.filter((p) => p.order_id === order).map((p) => p.picked_by).sort();
    expect([picksOf(10), picksOf(7), picksOf(8)]).toEqual([[8, 8], [7, 7, 7, 8], [8]]);
    const credited = (live.rm_report_worker_buckets as { items_picked: number }[]).reduce((n, b) => n + b.items_picked, 0);
    expect(credited).toBe(picks.length);
    for (const size of [1, 4, 7]) expect(await projectLive(size), `live batches of ${size}`).toEqual(live);
    for (const size of [1, 3, 5000]) {
      await rebuildReadModels(db, projections, { batchSize: size });
      expect(await snapshot(db), `rebuild in batches of ${size}`).toEqual(live);
    }
  });

  it('write the odd characters through COPY as they are', async () => {
    await rebuildReadModels(db, projections);
    const { rows } = await sql<{ n: number }>`
      select (select count(*) from rm_audit where summary like ${`%${ODD}%`})
           + (select count(*) from rm_orders where verification_notes = ${ODD})
           + (select count(*) from rm_order_items where notes = ${ODD})
           + (select count(*) from rm_stock_movements where reason = ${ODD})
           + (select count(*) from rm_audit where ${`SK-${ODD}`} = any(skus)) as n`.execute(db);
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(5);
  });

  it('a rebuild failing half-way (a projection or a COPY) rolls back to the tables it found and gives its connections back', async () => {
    const before = await snapshot(db);
    const failing = failingAtBatch(projections, 3);
    await expect(rebuildReadModels(db, failing, { batchSize: 4 })).rejects.toThrow('projection failed');
    expect(await snapshot(db)).toEqual(before);
    // A COPY the server refuses, queued while the rebuild goes on: the rebuild fails with the server's reason (not
    // with the "transaction is aborted" of the statements queued after it) and rolls back.
    const badCopy = projections.map((p) =>
      p.name !== 'inventory-adjustments'
        ? p
        : { ...p, rebuilder: (io: RebuildIo) => ({ async apply() { io.copy('rm_adjustments', ['id'], ['not a number\n']); }, async finish() {} }) },
    );
    await expect(rebuildReadModels(db, badCopy, { batchSize: 4 })).rejects.toThrow(/invalid input syntax for type integer/);
    expect(await snapshot(db)).toEqual(before);
    // Both of the rebuild's clients are back in the pool, usable: a second rebuild works.
    expect(handle.pool.totalCount - handle.pool.idleCount).toBe(0);
    await rebuildReadModels(db, projections, { batchSize: 4 });
    expect(await snapshot(db)).toEqual(before);
  });
});
