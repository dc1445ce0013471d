import { sql, type Insertable, type Transaction } from 'kysely';
import type { Database } from '@wh/db';
import {
  movementsOf,
  RECEIVING_LOCATION,
  STOCK_MOVEMENT_EVENT_TYPES,
  stockMoveReason,
  type LocationEvent,
  type MoveEvent,
  type StockMovement,
  type StoredEvent,
} from '@wh/contracts';
import type { Projection } from '../projection.ts';
import { copyLine, linesOf } from '../rebuild-io.ts';
import { chunks, executePrepared, writeTogether, type WriteStatement } from '../write-together.ts';

// The stock ledger: every event that moves stock, whichever feature appended it, carries `movements`. One row per
// movement in rm_stock_movements (the audit trail and the source of "as of" answers), and the current figures in
// rm_stock (per SKU and location), rm_sku_stock, rm_location_stock and rm_location_styles.
// Runs after the locations projection in the same batch, so a location created and filled together has its type.
export const stockLedgerProjection: Projection = {
  name: 'stock-ledger',
  handles: new Set<string>(STOCK_MOVEMENT_EVENT_TYPES),
  async apply(trx, events, topics) {
    topics.add({ kind: 'inventory' });
    const moves = movesOf(events);
    if (moves.length === 0) return;
    const types = await locationTypes(trx, moves.map((x) => x.m.location));
    // Running balances start from what rm_stock holds; each movement row records the balance after it. The current
    // figures are then written once per key, a few multi-row statements per batch instead of four per movement.
    const balances = await currentBalances(trx, moves.map((x) => x.m));
    const rows = movementRows(moves, balances);
    const perStock = sumBy(moves, (x) => stockKey(x.m.sku, x.m.location), (x) => ({
      sku: x.m.sku,
      location: x.m.location,
      location_type: types.get(x.m.location) ?? guessType(x.m.location),
      style_code: x.m.style_code,
      quantity: 0,
      updated_at: x.stored.recorded_at,
    }), (row, x) => ({ ...row, quantity: row.quantity + x.m.delta, updated_at: x.stored.recorded_at }));
    const perSku = sumBy(moves, (x) => x.m.sku, (x) => ({ sku: x.m.sku, style_code: x.m.style_code, quantity: 0 }), add);
    const perLocation = sumBy(moves, (x) => x.m.location, (x) => ({ location: x.m.location, quantity: 0 }), add);
    const perLocationStyle = sumBy(moves, (x) => `${x.m.location}\u0000${x.m.style_code}`, (x) => ({ location: x.m.location, style_code: x.m.style_code, quantity: 0 }), add);
    await writeTogether(trx, [...figureWrites({ perStock, perSku, perLocation, perLocationStyle }), movementWrites(rows)]);
  },
  // A rebuild starts from empty tables and nothing reads them before it swaps them in: the current figures are sums,
  // kept in memory across batches and written once at the end (COPY into the empty tables); only the movement rows
  // are written per batch, COPYed.
  //
  // It also sees LocationCreated (a location's type never changes): the types are kept from the events instead of read
  // from rm_locations, which would make every batch wait for the server's earlier writes. A batch's locations are
  // learnt before its movements, as live, where the locations projection has applied the whole batch first.
  rebuilder(io) {
    const perStock = new Map<string, StockRow>();
    const perSku = new Map<string, { sku: string; style_code: string; quantity: number }>();
    const perLocation = new Map<string, { location: string; quantity: number }>();
    const perLocationStyle = new Map<string, { location: string; style_code: string; quantity: number }>();
    const types = new Map<string, string>();
    return {
      handles: new Set([...STOCK_MOVEMENT_EVENT_TYPES, 'LocationCreated']),
      async apply(_trx, events) {
        for (const e of events) {
          if (e.type !== 'LocationCreated') continue;
          const event = { type: e.type, data: e.data } as LocationEvent;
          if (event.type === 'LocationCreated') types.set(event.data.code, event.data.location_type);
        }
        const moves = movesOf(events.filter((e) => e.type !== 'LocationCreated'));
        if (moves.length === 0) return;
        // A stock row's quantity is the running balance its movement rows record.
        const lines: string[] = [];
        for (const { stored, seq, m } of moves) {
          const key = stockKey(m.sku, m.location);
          let row = perStock.get(key);
          if (!row) {
            const location_type = types.get(m.location) ?? guessType(m.location);
            row = { sku: m.sku, location: m.location, location_type, style_code: m.style_code, quantity: 0, updated_at: stored.recorded_at };
            perStock.set(key, row);
          }
          row.quantity += m.delta;
          row.updated_at = stored.recorded_at;
          // In MOVEMENT_COLUMNS' order.
          lines.push(copyLine([stored.global_position, seq, m.sku, m.style_code, m.location, m.delta, row.quantity, stored.type, reasonOf(stored), stored.metadata.actor_id, stored.recorded_at]));
          const sku = perSku.get(m.sku) ?? { sku: m.sku, style_code: m.style_code, quantity: 0 };
          sku.quantity += m.delta;
          perSku.set(m.sku, sku);
          const location = perLocation.get(m.location) ?? { location: m.location, quantity: 0 };
          location.quantity += m.delta;
          perLocation.set(m.location, location);
          const lsKey = `${m.location}\u0000${m.style_code}`;
          const ls = perLocationStyle.get(lsKey) ?? { location: m.location, style_code: m.style_code, quantity: 0 };
          ls.quantity += m.delta;
          perLocationStyle.set(lsKey, ls);
        }
        io.copy('rm_stock_movements', MOVEMENT_COLUMNS, lines);
      },
      async finish() {
        const stock = ['sku', 'location', 'location_type', 'style_code', 'quantity', 'updated_at'] as const;
        await io.copyAll('rm_stock', stock, linesOf(perStock.values(), (r) => copyLine(stock.map((c) => r[c]))));
        io.copy('rm_sku_stock', ['sku', 'style_code', 'quantity'], [...perSku.values()].map((r) => copyLine([r.sku, r.style_code, r.quantity])));
        io.copy('rm_location_stock', ['location', 'quantity'], [...perLocation.values()].map((r) => copyLine([r.location, r.quantity])));
        io.copy(
          'rm_location_styles',
          ['location', 'style_code', 'quantity'],
          [...perLocationStyle.values()].map((r) => copyLine([r.location, r.style_code, r.quantity])),
        );
      },
    };
  },
};

const MOVEMENT_COLUMNS = [
  'position',
  'seq',
  'sku',
  'style_code',
  'location',
  'delta',
  'balance_after',
  'event_type',
  'reason',
  'actor_id',
  'recorded_at',
] as const satisfies readonly (keyof Insertable<Database['rm_stock_movements']>)[];

type StockRow = { sku: string; location: string; location_type: string; style_code: string; quantity: number; updated_at: Date | string };

// The current figures, added to what the tables hold (upserts): one group of statements per table.
function figureWrites({
  perStock,
  perSku,
  perLocation,
  perLocationStyle,
}: {
  perStock: readonly StockRow[];
  perSku: readonly { sku: string; style_code: string; quantity: number }[];
  perLocation: readonly { location: string; quantity: number }[];
  perLocationStyle: readonly { location: string; style_code: string; quantity: number }[];
}): WriteStatement[][] {
  // Each table in one statement per 10,000 rows, the rows passed as one JSON parameter: a VALUES list of
  // thousands of bound parameters costs more to parse and bind than to write.
  const stock = chunks(perStock, 10_000).map(
    (chunk) => sql`
      insert into rm_stock (sku, location, location_type, style_code, quantity, updated_at)
      select * from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
               as u(sku text, location text, location_type text, style_code text, quantity int, updated_at timestamptz)
      on conflict (sku, location) do update set quantity = rm_stock.quantity + excluded.quantity, updated_at = excluded.updated_at`,
  );
  const skus = chunks(perSku, 10_000).map(
    (chunk) => sql`
      insert into rm_sku_stock (sku, style_code, quantity)
      select * from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as u(sku text, style_code text, quantity bigint)
      on conflict (sku) do update set quantity = rm_sku_stock.quantity + excluded.quantity`,
  );
  const locations = chunks(perLocation, 10_000).map(
    (chunk) => sql`
      insert into rm_location_stock (location, quantity)
      select * from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as u(location text, quantity bigint)
      on conflict (location) do update set quantity = rm_location_stock.quantity + excluded.quantity`,
  );
  const styles = chunks(perLocationStyle, 10_000).map(
    (chunk) => sql`
      insert into rm_location_styles (location, style_code, quantity)
      select * from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as u(location text, style_code text, quantity bigint)
      on conflict (location, style_code) do update set quantity = rm_location_styles.quantity + excluded.quantity`,
  );
  return [stock, skus, locations, styles];
}

function movementWrites(rows: readonly Insertable<Database['rm_stock_movements']>[]): WriteStatement[] {
  return chunks(rows, 10_000).map(
    (chunk) => sql`
      insert into rm_stock_movements (position, seq, sku, style_code, location, delta, balance_after, event_type, reason,
                                      actor_id, recorded_at)
      select * from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
               as u(position bigint, seq int, sku text, style_code text, location text, delta int, balance_after int,
                    event_type text, reason text, actor_id int, recorded_at timestamptz)`,
  );
}

function movesOf(events: readonly StoredEvent[]): Move[] {
  return events.flatMap((stored) =>
    movementsOf(stored.data)
      .map((m, seq) => ({ stored, seq, m }))
      .filter((x) => x.m.delta !== 0),
  );
}

// Each movement row records the balance after it; `balances` holds the balance before the batch and is carried on.
function movementRows(moves: readonly Move[], balances: Map<string, number>): Insertable<Database['rm_stock_movements']>[] {
  return moves.map(({ stored, seq, m }) => {
    const key = stockKey(m.sku, m.location);
    const balance = (balances.get(key) ?? 0) + m.delta;
    balances.set(key, balance);
    return {
      position: stored.global_position,
      seq,
      sku: m.sku,
      style_code: m.style_code,
      location: m.location,
      delta: m.delta,
      balance_after: balance,
      event_type: stored.type,
      reason: reasonOf(stored),
      actor_id: stored.metadata.actor_id,
      recorded_at: stored.recorded_at,
    };
  });
}

type Move = { stored: StoredEvent; seq: number; m: StockMovement };

const stockKey = (sku: string, location: string) => `${sku}\u0000${location}`;
const add = <R extends { quantity: number }>(row: R, x: Move): R => ({ ...row, quantity: row.quantity + x.m.delta });

// One row per key, folded over the batch's movements in order.
function sumBy<R>(moves: readonly Move[], keyOf: (x: Move) => string, start: (x: Move) => R, step: (row: R, x: Move) => R): R[] {
  const byKey = new Map<string, R>();
  for (const x of moves) {
    const key = keyOf(x);
    byKey.set(key, step(byKey.get(key) ?? start(x), x));
  }
  return [...byKey.values()];
}

async function currentBalances(trx: Transaction<Database>, movements: readonly StockMovement[]): Promise<Map<string, number>> {
  const keys = [...new Map(movements.map((m) => [stockKey(m.sku, m.location), m])).values()];
  const balances = new Map<string, number>();
  // A join to the keys unnested from two arrays uses the primary key; a long IN list of (sku, location) tuples is
  // planned as a scan of every stock row per chunk, which at 100,000 SKUs would be most of a rebuild's time.
  for (const chunk of chunks(keys, 10_000)) {
    const { rows } = await executePrepared<{ sku: string; location: string; quantity: number }>(
      trx,
      sql`
        select s.sku, s.location, s.quantity
          from unnest(${chunk.map((k) => k.sku)}::text[], ${chunk.map((k) => k.location)}::text[]) as k(sku, location)
          join rm_stock s on s.sku = k.sku and s.location = k.location`,
    );
    for (const r of rows) balances.set(stockKey(r.sku, r.location), r.quantity);
  }
  return balances;
}

async function locationTypes(trx: Transaction<Database>, locations: readonly string[]): Promise<Map<string, string>> {
  const codes = [...new Set(locations)];
  if (codes.length === 0) return new Map();
  const { rows } = await executePrepared<{ code: string; location_type: string }>(
    trx,
    trx.selectFrom('rm_locations').select(['code', 'location_type']).where('code', '=', sql<string>`any(${codes}::text[])`),
  );
  return new Map(rows.map((r) => [r.code, r.location_type]));
}

// A location the layout never announced (only RECEIVING, seeded by migration, should be one).
function guessType(code: string): string {
  return code === RECEIVING_LOCATION ? 'receiving' : /^J-/.test(code) ? 'jean_rack' : /^[A-Z]{1,3}-\d+-\d+$/.test(code) ? 'bin' : 'rack';
}

// The movement's why when the event gives one (an adjustment's reason, a move's ends in words); the event type says
// the rest.
function reasonOf(stored: StoredEvent): string | null {
  if (stored.type === 'StockMoved') return stockMoveReason(stored.data as MoveEvent['data']);
  const data = stored.data as { reason?: unknown } | null;
  return typeof data?.reason === 'string' ? data.reason : null;
}
