// The floor of this design's import: the rows an upload must write before it may answer (its events and order-number
// claims, and the read-model rows the screens read: orders, items, audit, timings, search terms), written straight
// from the file's rows already in the database, one set-wise INSERT ... SELECT a table, on two connections at once (this
// machine has two cores), into empty copies of the real tables with their indexes. No parsing, no planning, no JSON
// built or read by Node, no projector: only the database work no implementation of this design can skip. Measured
// in the same run as the baseline, so its ratio to the baseline says how far below that floor a target sits.
import pg from 'pg';
import { copyCsv } from './lib/copy.ts';

// The tables an upload writes per order, copied with their indexes (`like ... including all`).
const TABLES = ['events', 'order_registry', 'rm_orders', 'rm_order_items', 'rm_audit', 'rm_order_timings', 'rm_order_terms'] as const;

export interface FloorRow {
  order_number: string;
  item: string;
  sku: string;
  value: string;
}

// The statements, dearest first: two connections take the next one as they come free.
const WRITES: readonly { table: (typeof TABLES)[number]; text: string }[] = [
  {
    // The events' JSON is built beforehand (not timed); the append must still turn the text into jsonb.
    table: 'events',
    text: `insert into fl_events (stream_id, stream_version, event_type, data, metadata)
           select 'order-' || id, 0, 'OrderImported', data::jsonb,
                  '{"actor_id": 1, "actor_role": "manager", "correlation_id": "8c1f6f1e-0c4b-4a4e-9d7e-3f2a4f1b2c3d", "ip": "127.0.0.1"}'::jsonb
             from fl_event_text order by id`,
  },
  {
    table: 'rm_audit',
    text: `insert into fl_rm_audit (position, event_type, stream_id, occurred_at, actor_id, actor_role, user_ids, order_key,
                                   order_number, skus, locations, summary)
           select id, 'OrderImported', 'order-' || id, now(), 1, 'manager', '{1}', upper(order_number), order_number, skus,
                  '{}', 'Imported order ' || order_number || ' (' || items || ' items, ' || items || ' units) from orders-bench.csv'
             from fl_orders`,
  },
  {
    table: 'rm_orders',
    text: `insert into fl_rm_orders (id, order_number, status, priority, order_date, total_items, total_quantity, picked_items,
                                     discrepancies, source_file, created_at, updated_at)
           select id, order_number, 'pending', 1, current_date, items, items, 0, '[]', 'orders-bench.csv', now(), now()
             from fl_orders`,
  },
  {
    table: 'rm_order_items',
    text: `insert into fl_rm_order_items (id, order_id, position, sku, style_code, style_name, size, color, quantity, value,
                                          status, unstocked)
           select id, order_id, position, sku, split_part(sku, '-', 1), split_part(item, ' - ', 1), split_part(sku, '-', 2),
                  initcap(split_part(sku, '-', 3)), 1, nullif(value, '')::numeric, 'pending', false
             from fl_items`,
  },
  {
    table: 'order_registry',
    text: `insert into fl_order_registry (number_key, order_id) select upper(order_number), id from fl_orders
           on conflict (number_key) do nothing`,
  },
  {
    table: 'rm_order_timings',
    text: `insert into fl_rm_order_timings (order_id, order_number, status, total_items, picked_items, imported_at,
                                            discrepancy_count, last_activity_at)
           select id, order_number, 'pending', items, 0, now(), 0, now() from fl_orders`,
  },
  {
    // Looking the terms up is preparation (fl_orders), not timed.
    table: 'rm_order_terms',
    text: `insert into fl_rm_order_terms (order_id, term_ids) select id, term_ids from fl_orders`,
  },
];

export interface Floor {
  ms: number;
  // Each statement's own time (ms), for the log.
  statements: Record<string, number>;
}

// `url` is a migrated database; the copies are made and dropped in it.
export async function importWriteFloor(url: string, rows: readonly FloorRow[]): Promise<Floor> {
  const a = new pg.Client({ connectionString: url });
  const b = new pg.Client({ connectionString: url });
  await Promise.all([a.connect(), b.connect()]);
  try {
    await dropCopies(a);
    for (const t of TABLES) await a.query(`create table fl_${t} (like ${t} including all)`);
    // The file's rows, and from them each order and item with its id: preparation, not timed.
    await a.query('create unlogged table fl_rows (n int, order_number text, item text, sku text, value text)');
    await copyCsv(a, 'fl_rows', rows.map((r, i) => [String(i + 2), r.order_number, r.item, r.sku, r.value]));
    await a.query(`
      create unlogged table fl_items as
      select (row_number() over (order by n))::int as id, o.id as order_id,
             (row_number() over (partition by r.order_number order by n) - 1)::int as position, r.*
        from fl_rows r
        join (select order_number, (row_number() over (order by min(n)))::int as id from fl_rows group by order_number) o
          using (order_number)`);
    // Each order's search terms as order-search.ts gives them: an id per distinct upper-cased SKU and style name.
    await a.query(`
      create unlogged table fl_orders as
      with spelled as (
        select order_id, upper(sku) as term from fl_items
        union select order_id, upper(split_part(item, ' - ', 1)) from fl_items),
      terms as (select term, (row_number() over (order by term))::int as term_id from (select distinct term from spelled) t),
      held as (
        select s.order_id, array_agg(t.term_id order by t.term_id) as term_ids
          from spelled s join terms t using (term) group by s.order_id)
      select i.order_id as id, min(i.order_number) as order_number, count(*)::int as items, array_agg(distinct i.sku) as skus,
             h.term_ids
        from fl_items i join held h using (order_id) group by i.order_id, h.term_ids`);
    await a.query(`
      create unlogged table fl_event_text as
      select o.id, jsonb_build_object(
               'order_id', o.id, 'order_number', o.order_number, 'priority', 1, 'order_date', current_date,
               'source_file', 'orders-bench.csv', 'at', now(),
               'items', jsonb_agg(jsonb_build_object(
                 'item_id', i.id, 'style_code', split_part(i.sku, '-', 1), 'style_name', split_part(i.item, ' - ', 1),
                 'size', split_part(i.sku, '-', 2), 'color', initcap(split_part(i.sku, '-', 3)), 'sku', i.sku,
                 'quantity', 1, 'value', nullif(i.value, '')::numeric, 'row', i.n) order by i.n))::text as data
        from fl_orders o join fl_items i on i.order_id = o.id
       group by o.id, o.order_number`);
    await a.query('analyze fl_orders; analyze fl_items; analyze fl_event_text');
    // As for the upload it is compared with: the first change to each page after a checkpoint logs the whole page.
    await a.query('checkpoint');

    const statements: Record<string, number> = {};
    let next = 0;
    const t0 = performance.now();
    const worker = async (client: pg.Client) => {
      for (let i = next++; i < WRITES.length; i = next++) {
        const s0 = performance.now();
        await client.query(WRITES[i]!.text);
        statements[WRITES[i]!.table] = Math.round(performance.now() - s0);
      }
    };
    await Promise.all([worker(a), worker(b)]);
    const ms = performance.now() - t0;
    const { rows: counted } = await a.query<{ items: number }>('select count(*)::int as items from fl_rm_order_items');
    if (counted[0]!.items !== rows.length) throw new Error(`floor wrote ${counted[0]!.items} of ${rows.length} items`);
    return { ms, statements };
  } finally {
    await dropCopies(a).catch(() => {});
    await Promise.all([a.end(), b.end()]).catch(() => {});
  }
}

async function dropCopies(client: pg.Client): Promise<void> {
  const names = [...TABLES.map((t) => `fl_${t}`), 'fl_rows', 'fl_items', 'fl_orders', 'fl_event_text'];
  await client.query(`drop table if exists ${names.join(', ')}`);
}
