import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { movementsOf, type StoredEvent } from '@wh/contracts';
import { executePrepared } from '../../write-together.ts';

// rm_orders.no_stock_items (migration 150): for an open order (pending, assigned, picking), its unpicked items whose
// SKU no location holds; 0 for any other. A function of the order's items and status and of its SKUs' stock, so it is
// counted again whenever one of them may have changed: the order's own events, or its SKU's stock crossing zero. The
// stock is the projection's own count (rm_order_sku_stock, the movements it is given summed as the stock ledger sums
// them): reading the ledger's table would tie the two together, a stop of either stopping both.

const OPEN = sql`('pending', 'assigned', 'picking')`;

// The line's SKU (an SQL expression) has no units at any location, by the projection's own count.
const hasNoStock = (sku: RawBuilder<unknown>) => sql`not exists (select 1 from rm_order_sku_stock s where s.sku = ${sku} and s.quantity > 0)`;

// An order as imported, from its event's data `d` (insertImported): its lines no location holds before the batch's
// movements (countNoStockAgain counts it again if one of its SKUs crosses zero in the same batch).
export const noStockOfImport = sql<number>`(select count(*)::int from jsonb_array_elements(d->'items') x(i) where ${hasNoStock(sql`x.i->>'sku'`)})`;

// The batch's movements summed per SKU, each SKU that moved (a net zero too, as the ledger keeps a row for it).
export function skuDeltas(events: readonly StoredEvent[]): { sku: string; delta: number }[] {
  const deltas = new Map<string, number>();
  for (const e of events) for (const m of movementsOf(e.data)) if (m.delta !== 0) deltas.set(m.sku, (deltas.get(m.sku) ?? 0) + m.delta);
  return [...deltas].map(([sku, delta]) => ({ sku, delta }));
}

// One statement after the batch's other writes: the SKUs' units added to, and the orders whose count may have changed
// (those the batch touched, and those with open lines of a SKU whose stock crossed zero) counted again; the ids of
// those whose count changed. Each table is reached through a key whatever the planner knows of it (statistics lag a
// large import until autovacuum's next analyse): a crossed SKU's lines are read only when one crossed, and an order's
// lines are found by the order's key alone, the status tested in the count's filter, not in the WHERE, so that the
// pending lines' partial index, read whole, is no way in. The SKUs' new units are the upsert's, which the statement's
// other parts would otherwise not see, gathered once into an object a line looks its SKU up in (`units`: a scan of the
// upsert's rows per line grows with the batch's SKUs), and each order is counted once (`materialized`: inlined, the
// count ran for the comparison and again for the value set).
export async function countNoStockAgain(trx: Transaction<Database>, touched: readonly number[], events: readonly StoredEvent[]): Promise<number[]> {
  const moved = skuDeltas(events);
  if (touched.length === 0 && moved.length === 0) return [];
  const { rows } = await executePrepared<{ id: number }>(
    trx,
    sql`
      with moved as (select * from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) as m(sku text, delta bigint)),
      held as (
        insert into rm_order_sku_stock as t (sku, quantity) select sku, delta from moved
        on conflict (sku) do update set quantity = t.quantity + excluded.quantity
        returning t.sku, t.quantity),
      units as (select coalesce(jsonb_object_agg(sku, quantity), '{}'::jsonb) as by_sku from held),
      crossed as (
        select array_agg(h.sku) as skus from held h join moved m on m.sku = h.sku where (h.quantity > 0) <> (h.quantity - m.delta > 0)),
      affected as (
        select array(select unnest(${[...touched]}::int[])
                     union
                     select i.order_id from rm_order_items i
                      where i.status = 'pending' and i.sku = any((select skus from crossed)::text[]) and (select skus from crossed) is not null) as ids),
      counted as materialized (
        select o.id, case when o.status in ${OPEN} then
                 (select (count(*) filter (where i.status = 'pending'
                            and coalesce(((select by_sku from units) ->> i.sku)::bigint, (select s.quantity from rm_order_sku_stock s where s.sku = i.sku), 0) <= 0))::int
                    from rm_order_items i where i.order_id = o.id)
               else 0 end as n
          from rm_orders o where o.id = any((select ids from affected)::int[]))
      update rm_orders o set no_stock_items = c.n
        from counted c
       where o.id = c.id and o.id = any((select ids from affected)::int[]) and o.no_stock_items <> c.n
      returning o.id`,
  );
  return rows.map((r) => r.id);
}

// After a rebuild has copied the orders, their items and the SKUs' units: every open order counted at once.
export async function countNoStockOfAll(trx: Transaction<Database>): Promise<void> {
  await sql`
    update rm_orders o set no_stock_items = c.n
      from (select i.order_id, count(*)::int as n from rm_order_items i
             where i.status = 'pending' and ${hasNoStock(sql`i.sku`)} group by i.order_id) c
     where o.id = c.order_id and o.status in ${OPEN}`.execute(trx);
}
