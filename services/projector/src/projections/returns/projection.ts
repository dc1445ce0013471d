import { sql, type Transaction } from 'kysely';
import { toStoredEvent, type Database, type EventRow } from '@wh/db';
import { foldShipment, occurredAt, RETURN_EVENT_TYPES, SHIPMENT_EVENT_TYPES, type OrderEvent, type Shipment, type StoredEvent } from '@wh/contracts';
import type { Projection, Rebuilder } from '../../projection.ts';
import { copyLine, linesOf, type CopyValue, type RebuildIo } from '../../rebuild-io.ts';
import { chunks, executePrepared, writeTogether, type WriteStatement } from '../../write-together.ts';
import { BucketCounts, foldReturn, RECEIVED_COLUMNS, ship, type OpenParcel, type ReturnsState } from './fold.ts';

type Trx = Transaction<Database>;

// Rows per statement: each is one jsonb parameter, so the figure bounds its size.
const WRITE_CHUNK = 5000;
const RETURN_TYPES: ReadonlySet<string> = new Set(RETURN_EVENT_TYPES);

// rm_return_shipped (and its totals), rm_return_received, rm_return_restock_times and rm_returns_open: the buyers'
// returns reports and the dashboard's returns waiting; announces 'reports' and 'dashboard'. One fold (fold.ts), two
// ways to hold its state:
// - live (`apply`): the open parcels the batch touches are read once, every event folded into them in memory, and
//   each table written once; a verification's shipped units come from its order's stream, read from the event store
//   (the events before it: what was imported, picked short and resolved), so no table keeps every order's lines;
// - rebuild (`rebuilder`): every open parcel and every order not yet verified held in memory over the whole
//   history, and every table COPYed once at the end.
export const returnsReportsProjection: Projection = {
  name: 'returns-reports',
  handles: new Set<string>([...RETURN_EVENT_TYPES, 'OrderVerified']),
  async apply(trx, events, topics) {
    topics.add({ kind: 'dashboard' });
    topics.add({ kind: 'reports' });
    const state: ReturnsState = { parcels: await parcelsBefore(trx, events), counts: new BucketCounts() };
    const shipments = await shipmentsOf(trx, events.filter((e) => e.type === 'OrderVerified'));
    const touched = new Set<number>();
    for (const stored of events) {
      if (stored.type === 'OrderVerified') ship(state.counts, shipments.get(stored.global_position), occurredAt(stored));
      else touched.add(foldReturn(stored, state));
    }
    const open = [...touched].flatMap((id) => state.parcels.get(id) ?? []);
    const closed = [...touched].filter((id) => !state.parcels.has(id));
    const c = state.counts;
    // The parcels' upserts and deletes write different rows of their table.
    await writeTogether(trx, [
      sumWrites(SHIPPED, [...c.shippedRows()]),
      sumWrites(SHIPPED_TOTAL, [...c.shippedTotalRows()]),
      sumWrites(RECEIVED, [...c.receivedRows()]),
      sumWrites(RESTOCK_TIMES, [...c.restockRows()]),
      parcelUpserts(open),
      parcelDeletes(closed),
    ]);
  },
  rebuilder: (io) => returnsRebuilder(io),
};

async function parcelsBefore(trx: Trx, events: readonly StoredEvent[]): Promise<Map<number, OpenParcel>> {
  const ids = [...new Set(events.filter((e) => RETURN_TYPES.has(e.type)).map((e) => (e.data as { return_id: number }).return_id))];
  if (ids.length === 0) return new Map();
  const { rows } = await executePrepared<OpenParcel>(trx, sql`select * from rm_returns_open where return_id = any(${ids}::int[])`);
  return new Map(rows.map((r) => [r.return_id, r]));
}

// Each verification's order as it stood when verified (by the verification's position): the order's stream up to it.
async function shipmentsOf(trx: Trx, verified: readonly StoredEvent[]): Promise<Map<string, Shipment>> {
  if (verified.length === 0) return new Map();
  const { rows } = await executePrepared<EventRow>(
    trx,
    sql`
      select event_type, schema_version, data, stream_id, stream_version, global_position, transaction_id::text as transaction_id,
             metadata, recorded_at
        from events
       where stream_id = any(${verified.map((e) => e.stream_id)}::text[])
         and event_type = any(${SHIPMENT_EVENT_TYPES}::text[])
       order by stream_id, stream_version`,
  );
  const byStream = new Map<string, StoredEvent[]>();
  for (const row of rows) {
    let list = byStream.get(row.stream_id);
    if (!list) byStream.set(row.stream_id, (list = []));
    list.push(toStoredEvent(row));
  }
  const out = new Map<string, Shipment>();
  for (const v of verified) {
    let shipment: Shipment | undefined;
    for (const e of byStream.get(v.stream_id) ?? []) {
      if (e.stream_version < v.stream_version) shipment = foldShipment(shipment, { type: e.type, data: e.data } as OrderEvent);
    }
    if (shipment) out.set(v.global_position, shipment);
  }
  return out;
}

// A table of sums: its key columns and its counters (bigint), added to on conflict.
interface SumTable {
  table: string;
  key: readonly string[];
  keyTypes: readonly string[];
  sums: readonly string[];
}
const SHIPPED: SumTable = { table: 'rm_return_shipped', key: ['style_code', 'size', 'grain', 'bucket'], keyTypes: ['text', 'text', 'text', 'timestamptz'], sums: ['units'] };
const SHIPPED_TOTAL: SumTable = { table: 'rm_return_shipped_total', key: ['grain', 'bucket'], keyTypes: ['text', 'timestamptz'], sums: ['units'] };
const RECEIVED: SumTable = {
  table: 'rm_return_received',
  key: ['grain', 'bucket', 'style_code', 'size'],
  keyTypes: ['text', 'timestamptz', 'text', 'text'],
  sums: RECEIVED_COLUMNS,
};
const RESTOCK_TIMES: SumTable = { table: 'rm_return_restock_times', key: ['grain', 'bucket', 'seconds'], keyTypes: ['text', 'timestamptz', 'int'], sums: ['units'] };

const columnsOf = (t: SumTable) => [...t.key, ...t.sums];

function sumWrites(t: SumTable, rows: readonly object[]): WriteStatement[] {
  const columns = sql.join(columnsOf(t).map((c) => sql.id(c)));
  const record = sql.raw(`(${[...t.key.map((k, i) => `${k} ${t.keyTypes[i]}`), ...t.sums.map((c) => `${c} bigint`)].join(', ')})`);
  const add = sql.join(t.sums.map((c) => sql`${sql.id(c)} = ${sql.id(t.table, c)} + excluded.${sql.id(c)}`));
  return chunks(rows, WRITE_CHUNK).map(
    (chunk) => sql`
      insert into ${sql.table(t.table)} (${columns})
      select ${columns} from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x ${record}
      on conflict (${sql.join(t.key.map((k) => sql.id(k)))}) do update set ${add}`,
  );
}

function parcelUpserts(open: readonly OpenParcel[]): WriteStatement[] {
  return chunks(open, WRITE_CHUNK).map(
    (chunk) => sql`
      insert into rm_returns_open (return_id, order_id, order_number, received_at, lines, units, waiting)
      select return_id, order_id, order_number, received_at, lines, units, waiting
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
             as x (return_id int, order_id int, order_number text, received_at timestamptz, lines jsonb, units int, waiting int)
      on conflict (return_id) do update
         set order_id = excluded.order_id, order_number = excluded.order_number, lines = excluded.lines, units = excluded.units,
             waiting = excluded.waiting`,
  );
}

// The parcels it closed.
function parcelDeletes(closed: readonly number[]): WriteStatement[] {
  return closed.length === 0 ? [] : [sql`delete from rm_returns_open where return_id = any(${closed}::int[])`];
}

const PARCEL_COLUMNS = ['return_id', 'order_id', 'order_number', 'received_at', 'lines', 'units', 'waiting'] as const satisfies readonly (keyof OpenParcel)[];

// The rebuild's way: the open parcels and the orders not yet verified (their lines) held in memory over the history.
function returnsRebuilder(io: RebuildIo): Rebuilder {
  const orders = new Map<number, Shipment>();
  const state: ReturnsState = { parcels: new Map(), counts: new BucketCounts() };
  return {
    handles: new Set<string>([...RETURN_EVENT_TYPES, ...SHIPMENT_EVENT_TYPES, 'OrderVerified', 'OrderCancelled']),
    async apply(_trx, events) {
      for (const stored of events) {
        if (RETURN_TYPES.has(stored.type)) {
          foldReturn(stored, state);
          continue;
        }
        const event = { type: stored.type, data: stored.data } as OrderEvent;
        const id = event.data.order_id;
        if (event.type === 'OrderVerified') ship(state.counts, orders.get(id), occurredAt(stored));
        if (event.type === 'OrderVerified' || event.type === 'OrderCancelled') orders.delete(id);
        else {
          const next = foldShipment(orders.get(id), event);
          if (next) orders.set(id, next);
        }
      }
    },
    async finish() {
      const c = state.counts;
      const copy = (t: SumTable, rows: Iterable<object>) => {
        const columns = columnsOf(t);
        return io.copyAll(t.table, columns, linesOf(rows, (r) => copyLine(columns.map((k) => (r as Record<string, CopyValue>)[k]))));
      };
      await copy(SHIPPED, c.shippedRows());
      await copy(SHIPPED_TOTAL, c.shippedTotalRows());
      await copy(RECEIVED, c.receivedRows());
      await copy(RESTOCK_TIMES, c.restockRows());
      await io.copyAll(
        'rm_returns_open',
        PARCEL_COLUMNS,
        linesOf(state.parcels.values(), (p) => copyLine(PARCEL_COLUMNS.map((k) => (k === 'lines' ? JSON.stringify(p.lines) : p[k])))),
      );
    },
  };
}
