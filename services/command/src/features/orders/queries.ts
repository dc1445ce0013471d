import { sql, type Kysely, type Selectable } from 'kysely';
import { preparedOnce, toStoredEvent, type Database, type RmOrderItemsTable, type RmOrdersTable } from '@wh/db';
import {
  compareItemsOnWalk,
  MAX_LISTED_ITEM_LINES,
  ORDER_ITEMS_PAGE_SIZE,
  ORDER_SEARCH_COUNT_CAP,
  ORDER_STATUSES,
  orderStreamId,
  pagination,
  RETURN_EVENT_TYPES,
  type Discrepancy,
  type Order,
  type OrderEvent,
  type OrderFilters,
  type OrderHistory,
  type OrderItem,
  type OrderBatch,
  type OrderList,
  type OrderStatus,
  type OrderSummary,
  type ReturnEvent,
  type StoredEvent,
  type UserRef,
} from '@wh/contracts';
import type { SessionCache } from '../../platform/auth.ts';
import { readStream } from '../../platform/event-store.ts';
import { notFound } from '../../platform/errors.ts';
import { defaultPickLocation, type WorkerFacts } from './decide.ts';
import { describeEvent, describeReturnEvent } from './history.ts';
import { escapeLike } from '../../platform/search.ts';
import { userOf, usersById } from '../../platform/user-reads.ts';
import { skuBarcodes } from '../../platform/style-reads.ts';

type Db = Kysely<Database>;
type OrderRow = Selectable<RmOrdersTable> & { order_day: string; batch: OrderBatch | null };


function statusOf(value: string): OrderStatus {
  // An unknown status reads as pending, as the screens show it.
  return (ORDER_STATUSES as readonly string[]).includes(value) ? (value as OrderStatus) : 'pending';
}

// How a search's orders are found: the order numbers in rm_orders (trigram index on the upper-cased number), the SKUs
// and style names through rm_search_terms (each distinct one, trigram-indexed) and rm_order_terms (each order's term
// ids, GIN-indexed). The text is first matched against the numbers and terms; then:
// - few matching orders: read by id and sorted (a SKU, a full style name, an order number);
// - many: the list walked newest first, each order asked whether its number matches or it holds a matching term (a
//   broad name: a page of twenty is found within a few hundred orders). The switch is where the two cost the same:
//   reading m orders against walking (rows wanted) x (orders) / m orders, so m = sqrt(rows wanted x orders);
// - too many terms to list (a digit or two): the walk, matching each order's number and terms against the text itself.
type SearchPlan =
  | { kind: 'none' }
  | { kind: 'nothing' }
  | { kind: 'orders'; ids: number[] }
  // probe: the count's look at the first rows of the matching terms' orders and the first matching numbers, past the
  // cap's worth of each (a search without other filters); complete when it saw every match. More distinct orders than
  // the cap among them proves the count capped without walking; otherwise, unless complete, the walk counts.
  | { kind: 'walk'; termIds: number[]; pattern: string; probe?: { orders: number; complete: boolean } }
  | { kind: 'walk-text'; pattern: string };

// Where planSearch switches strategy; tests force each strategy on a small history by changing them.
export interface SearchTuning {
  maxListedTerms: number;
  // Matching orders (by term plus by number) above which the list is walked; by default sqrt(rows wanted x orders).
  fewRows?: number;
}
const DEFAULT_TUNING: SearchTuning = { maxListedTerms: 5000 };

// One statement (each round trip costs a scheduling wait on a loaded machine): the matching numbers and terms, the
// switch point, the orders matching each up to it, and then either the few orders or, for a walk, the count's probe.
// The CTEs are materialized so each is planned once (inlined, planning the statement costs more than running it). Each kind of match is
// read up to the switch point or past the cap, whichever is more, so the probe sees enough of them.
async function planSearch(
  db: Db,
  search: string | undefined,
  rowsWanted: number,
  tuning: SearchTuning,
  countProbe: boolean,
): Promise<SearchPlan> {
  if (!search) return { kind: 'none' };
  const pattern = `%${escapeLike(search.toUpperCase())}%`;
  const { rows } = await sql<{ ids: number[] | null; rows: number; few: number; orders: number[] | null; probe: number[] | null }>`
    with p as materialized (
      select few, greatest(few, ${ORDER_SEARCH_COUNT_CAP}) + 1 as enough
        from (select coalesce(${tuning.fewRows ?? null}::int,
                              ceil(sqrt(${rowsWanted}::float8 * greatest(1, (select coalesce(sum(count), 0) from rm_order_status_counts))))::int) as few) f
    ),
    n as materialized (select id from rm_orders where upper(order_number) like ${pattern} limit (select enough from p)),
    t as materialized (select id from rm_search_terms where term like ${pattern} limit ${tuning.maxListedTerms + 1}),
    q as materialized (
      select case when (select count(*) from t) <= ${tuning.maxListedTerms} then array(select id from t) end as ids from p
    ),
    -- The matching terms' orders, term after term (a GIN scan for one key reads just that term's orders; one scan for
    -- all of a broad name's terms merges their lists order by order, ~100 ms at 300,000 orders), stopping at the
    -- rows the switch or the probe needs. An order holding two matching terms is two rows (so more rows than the
    -- switch point may still be few orders: then the list is walked, which is correct, only slower).
    o as materialized (
      select ot.order_id
        from unnest((select ids from q)) u(id)
       cross join lateral (select order_id from rm_order_terms where term_ids && array[u.id] limit (select enough from p)) ot
       limit (select enough from p)
    ),
    m as materialized (select (select count(*)::int from n) as numbers, (select count(*)::int from o) as terms)
    select q.ids, m.terms + m.numbers as rows, p.few,
           case when m.terms + m.numbers <= p.few then array(select order_id from o union select id from n) end as orders,
           case when ${countProbe}::boolean and m.terms + m.numbers > p.few then
             array[m.terms, m.numbers, (select count(*)::int from (select order_id from o union select id from n) u)] end as probe
      from p, q, m`.execute(db);
  const r = rows[0]!;
  if (r.ids === null) return { kind: 'walk-text', pattern };
  if (r.ids.length === 0 && r.rows === 0) return { kind: 'nothing' };
  if (r.orders !== null) return { kind: 'orders', ids: r.orders };
  // Complete when neither list was cut short by its limit (`enough` above).
  const enough = Math.max(r.few, ORDER_SEARCH_COUNT_CAP) + 1;
  const probe = r.probe && { orders: r.probe[2]!, complete: r.probe[0]! < enough && r.probe[1]! < enough };
  return { kind: 'walk', termIds: r.ids, pattern, ...(probe && { probe }) };
}

function filteredOrders(db: Db, f: OrderFilters, search: SearchPlan) {
  let q = db.selectFrom('rm_orders');
  if (f.status) q = q.where('status', 'in', f.status);
  if (f.worker_id === 'unassigned') q = q.where('assigned_worker_id', 'is', null);
  else if (f.worker_id !== undefined) q = q.where('assigned_worker_id', '=', f.worker_id);
  if (f.date) q = q.where('order_date', '=', f.date);
  if (f.no_stock) q = q.where('no_stock_items', '>', 0);
  switch (search.kind) {
    case 'none':
      return q;
    case 'nothing':
      return q.where(sql<boolean>`false`);
    case 'orders':
      return q.where(sql<boolean>`rm_orders.id = any(${search.ids}::int[])`);
    // A scalar subquery (the order's one row of terms; for the text, a LIMIT) stays a per-row probe, never a join over
    // every match, so the page is found by walking the newest-first index.
    case 'walk':
      return q.where(
        sql<boolean>`(upper(rm_orders.order_number) like ${search.pattern}
                      or coalesce((select ot.term_ids && ${search.termIds}::int[] from rm_order_terms ot where ot.order_id = rm_orders.id), false))`,
      );
    case 'walk-text':
      return q.where(
        sql<boolean>`(upper(rm_orders.order_number) like ${search.pattern}
                      or coalesce((select true from rm_order_terms ot cross join unnest(ot.term_ids) u(id) join rm_search_terms s on s.id = u.id
                                    where ot.order_id = rm_orders.id and s.term like ${search.pattern} limit 1), false))`,
      );
  }
}

// The batch an order is in now, as orderBatchSchema (an order is in one batch at a time).
const BATCH_OF_ORDER = sql<OrderBatch | null>`(select json_build_object('id', b.batch_id, 'tote', b.slot) from rm_batch_orders b
   where b.order_id = rm_orders.id and b.left_at is null limit 1)`;

const orderColumns = (db: Db) =>
  db
    .selectFrom('rm_orders')
    .selectAll()
    .select([sql<string>`to_char(order_date, 'YYYY-MM-DD')`.as('order_day'), BATCH_OF_ORDER.as('batch')]);

// What an assignment's answer adds when its orders have lines no location holds (no_stock): each such order with
// those SKUs ('. No stock anywhere for #10004: DR1000-12-BEIGE'), or nothing.
export function noStockNote(lines: readonly { order_number: string; sku: string; no_stock: boolean }[]): string {
  const byOrder = new Map<string, Set<string>>();
  for (const l of lines) if (l.no_stock) byOrder.set(l.order_number, (byOrder.get(l.order_number) ?? new Set()).add(l.sku));
  if (byOrder.size === 0) return '';
  return `. No stock anywhere for ${[...byOrder].map(([n, skus]) => `${n}: ${[...skus].join(', ')}`).join('; ')}`;
}

// Open orders' counts of lines no location holds (OrderSummary.no_stock_items), by id.
export async function noStockItemsOf(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('rm_orders').select(['id', 'no_stock_items']).where('id', '=', sql<number>`any(${[...ids]}::int[])`).execute();
  return new Map(rows.map((r) => [r.id, r.no_stock_items]));
}

// The batch and tote an order is in now (the answer of a command that takes it out says which it left).
export async function orderBatch(db: Db, orderId: number): Promise<OrderBatch | null> {
  const row = await db
    .selectFrom('rm_batch_orders')
    .select(['batch_id as id', 'slot as tote'])
    .where('order_id', '=', orderId)
    .where('left_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

type Count = { total: number; capped: boolean };
const capped = (n: number): Count => (n > ORDER_SEARCH_COUNT_CAP ? { total: ORDER_SEARCH_COUNT_CAP, capped: true } : { total: n, capped: false });

// No filter but the search: its count may be answered from the search's own probe.
const onlySearched = (f: OrderFilters) => !f.status && !f.date && !f.no_stock && f.worker_id === undefined;

async function countOrders(db: Db, f: OrderFilters, search: SearchPlan): Promise<Count> {
  // Filtered by status and/or 'Unassigned' only, the kept counts answer at once however many orders there are.
  if (search.kind === 'none' && !f.date && !f.no_stock && (f.worker_id === undefined || f.worker_id === 'unassigned')) {
    let q = db.selectFrom('rm_order_status_counts').select(sql<string>`coalesce(sum(count), 0)`.as('n'));
    if (f.status) q = q.where('status', 'in', f.status);
    if (f.worker_id === 'unassigned') q = q.where('unassigned', '=', true);
    return { total: Number((await q.executeTakeFirstOrThrow()).n), capped: false };
  }
  if (search.kind === 'none') {
    const row = await filteredOrders(db, f, search).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return { total: Number(row.n), capped: false };
  }
  // Counting every match of a broad search costs what reading every match costs (hundreds of ms at a million
  // orders): exact up to the cap, then '1000+'.
  const searchOnly = onlySearched(f);
  if (search.kind === 'nothing') return { total: 0, capped: false };
  if (search.kind === 'orders' && searchOnly) return capped(search.ids.length);
  if (search.kind === 'walk' && searchOnly && search.probe) {
    const { orders, complete } = search.probe;
    if (orders > ORDER_SEARCH_COUNT_CAP || complete) return capped(orders);
  }
  const row = await db
    .selectFrom(filteredOrders(db, f, search).select('id').limit(ORDER_SEARCH_COUNT_CAP + 1).as('m'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return capped(Number(row.n));
}

// How many orders the list shows under these filters (no search): the dashboard's figures count with it.
export async function countListedOrders(db: Db, f: Partial<Omit<OrderFilters, 'search'>>): Promise<number> {
  return (await countOrders(db, { search: undefined, status: f.status, worker_id: f.worker_id, date: f.date, no_stock: f.no_stock }, { kind: 'none' })).total;
}

export async function listOrders(
  db: Db,
  f: OrderFilters & { page: number; limit: number; include_items?: boolean | undefined },
  tuning: SearchTuning = DEFAULT_TUNING,
): Promise<OrderList> {
  const search = await planSearch(db, f.search, f.page * f.limit, tuning, onlySearched(f));
  // A text no term contains: nothing to read.
  if (search.kind === 'nothing') return { orders: [], pagination: pagination(f.page, f.limit, 0, false) };
  const ids = filteredOrders(db, f, search)
    .select('id')
    .orderBy('order_date', 'desc')
    .orderBy('id', 'desc')
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const rows = await orderColumns(db).where('id', 'in', ids).orderBy('order_date', 'desc').orderBy('id', 'desc').execute();
  // A first page that is not full is the whole list: no count needed (a worker's queue, a narrow search).
  const count = f.page === 1 && rows.length < f.limit ? { total: rows.length, capped: false } : await countOrders(db, f, search);
  // Past the cap the count is a lower bound, never below what this page itself proves.
  const total = count.capped ? Math.max(count.total, (f.page - 1) * f.limit + rows.length) : count.total;
  const [orders, items] = await Promise.all([toSummaries(db, rows), f.include_items ? listedItems(db, rows) : undefined]);
  return {
    orders: items ? orders.map((o) => ({ ...o, items: items.get(o.id) ?? null })) : orders,
    pagination: pagination(f.page, f.limit, total, count.capped),
  };
}

// A list's items (include_items): those of its first orders whose lines fit in MAX_LISTED_ITEM_LINES, each order's in
// walk order, read for all of them at once; an order past the budget is left out (its own answer pages them).
async function listedItems(db: Db, rows: readonly OrderRow[]): Promise<Map<number, OrderItem[]>> {
  const within: number[] = [];
  let lines = 0;
  for (const r of rows) {
    lines += r.total_items;
    if (lines > MAX_LISTED_ITEM_LINES) break;
    within.push(r.id);
  }
  const byOrder = new Map<number, OrderItem[]>(within.map((id) => [id, []]));
  // Across orders in walk order, so each order's own items keep theirs.
  for (const { order_id, ...item } of await itemsInWalkOrder(db, within)) byOrder.get(order_id)?.push(item);
  return byOrder;
}

// Where a picker goes for each item: picked, the location it was taken from; not picked, its default pick location
// (decide.ts, defaultPickLocation) among the locations holding its SKU, none when no stock is recorded anywhere; with
// the walk sequence of that location. One definition for an order's own answer (findOrder, as JSON in its statement)
// and for lists (itemsInWalkOrder); the stop is chosen from the row (withStop).
function itemStops(db: Db) {
  return db
    .selectFrom('rm_order_items as i')
    .leftJoin('rm_locations as l', 'l.code', 'i.location')
    .selectAll('i')
    .select([
      // Literals, not parameters: findOrder's statement is compiled once with its id as the only parameter.
      sql<HolderJson[]>`case when i.status <> 'pending' then '[]'::json else coalesce((
        select json_agg(json_build_object('location', st.location, 'type', st.location_type, 'quantity', st.quantity, 'walk_sequence', hl.walk_sequence::float8))
          from rm_stock st left join rm_locations hl on hl.code = st.location
         where st.sku = i.sku and st.quantity > 0), '[]'::json) end`.as('holders'),
      // bigint as a JSON-safe number (sequences stay below 2^53).
      sql<number | null>`l.walk_sequence::float8`.as('picked_walk_sequence'),
      skuBarcodes('i.sku').as('barcodes'),
    ]);
}

// A location holding the item's SKU, as itemStops reads it.
interface HolderJson {
  location: string;
  type: string | null;
  quantity: number;
  walk_sequence: number | null;
}

interface Stop {
  suggested_location: string | null;
  suggested_location_type: string | null;
  suggested_quantity: number | null;
  walk_sequence: number | null;
}
type StopRow = { holders: HolderJson[]; picked_walk_sequence: number | null };
type ItemRow = Selectable<RmOrderItemsTable> & Stop & { barcodes: string[] };
// An item row as json_agg gives it: timestamps as text, numeric as a JSON number.
type ItemJson = Omit<Selectable<RmOrderItemsTable>, 'picked_at' | 'value'> & StopRow & { picked_at: string | null; value: number | null; barcodes: string[] };

// Picked or recorded short: the row says where (taken from, or looked in first).
const isDone = (i: { status: string }) => i.status !== 'pending';

// The row with its stop chosen: picked, where it was taken from; not picked, its default pick location.
function withStop<T extends StopRow & { status: string }>(row: T): Omit<T, keyof StopRow> & Stop {
  const { holders, picked_walk_sequence, ...item } = row;
  if (isDone(row)) return { ...item, suggested_location: null, suggested_location_type: null, suggested_quantity: null, walk_sequence: picked_walk_sequence };
  const at = defaultPickLocation(holders);
  return {
    ...item,
    suggested_location: at?.location ?? null,
    suggested_location_type: at?.type ?? null,
    suggested_quantity: at?.quantity ?? null,
    walk_sequence: at?.walk_sequence ?? null,
  };
}

const stopOf = (i: { status: string; location: string | null; suggested_location: string | null }) =>
  isDone(i) ? i.location : i.suggested_location;

// Items in walk order (contracts, inventory/walk.ts); rows come in file order, which the stable sort keeps for items
// at one location.
function onWalk<T extends Pick<ItemRow, 'status' | 'location' | 'suggested_location' | 'walk_sequence'>>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) =>
    compareItemsOnWalk({ location: stopOf(a), walk_sequence: a.walk_sequence }, { location: stopOf(b), walk_sequence: b.walk_sequence }),
  );
}

export type WalkOrderedItem = OrderItem & { order_id: number };

// The items of these orders in walk order, across the orders: by their locations' walk sequences, items with no
// stock anywhere last (marked no_stock); items at one location in the order the orders are given (a batch's totes),
// then by file position. The one walk-ordered item list: each order's items for the worker's list and the picking
// screen, and a batch's combined list (its unpicked items, and apart those picked or short).
export async function itemsInWalkOrder(db: Db, orderIds: readonly number[]): Promise<WalkOrderedItem[]> {
  if (orderIds.length === 0) return [];
  const q = itemStops(db)
    .where('i.order_id', 'in', orderIds)
    .orderBy(sql`array_position(${sql.val([...orderIds])}::int[], i.order_id)`)
    .orderBy('i.position');
  const rows = (await q.execute()).map(withStop);
  const users = await usersById(
    db,
    rows.map((r) => r.picked_by),
  );
  return onWalk(rows).map((r) => ({ ...toItem(r, users), order_id: r.order_id }));
}

// One order with a page of its items in walk order, in one statement: its items with their stops and the users it
// names come back as JSON beside the order row. Every command answers with this (after the read-your-writes wait), so
// it is one round trip.
export async function findOrder(db: Db, id: number, page: ItemsPage = FIRST_ITEMS): Promise<Order | undefined> {
  // Every command answers with this statement: compiled once a process, planned once a connection.
  const compiled = preparedOnce('orders.findOrder', [id], () =>
    orderColumns(db)
    .select([
      sql<ItemJson[]>`coalesce((select json_agg(x order by x.position) from (${itemStops(db).where('i.order_id', '=', sql<number>`rm_orders.id`)}) x), '[]')`.as(
        'items_json',
      ),
      sql<UserRef[]>`coalesce((
        select json_agg(json_build_object('id', u.id, 'username', u.username, 'full_name', u.full_name))
          from rm_users u
         where u.id in (rm_orders.assigned_worker_id, rm_orders.completed_by, rm_orders.verified_by, (rm_orders.hold->>'held_by')::int)
            or u.id in (select picked_by from rm_order_items where order_id = rm_orders.id)), '[]')`.as('users_json'),
    ])
    .where('id', '=', id)
    .compile(),
  );
  const {
    rows: [row],
  } = await db.executeQuery(compiled);
  if (!row) return undefined;
  const users = new Map(row.users_json.map((u) => [u.id, u]));
  const walked = onWalk(row.items_json.map(withStop));
  const items = walked
    .slice((page.page - 1) * page.limit, page.page * page.limit)
    .map((i) => toItem({ ...i, picked_at: i.picked_at === null ? null : new Date(i.picked_at), value: i.value === null ? null : String(i.value) }, users));
  return {
    ...toSummary(row, users, firstStyles(walked.length > 0 ? [...row.items_json].sort((a, b) => a.position - b.position) : [])),
    items,
    items_pagination: pagination(page.page, page.limit, walked.length),
  };
}

export interface ItemsPage {
  page: number;
  limit: number;
}
const FIRST_ITEMS: ItemsPage = { page: 1, limit: ORDER_ITEMS_PAGE_SIZE };

// The orders table's Items column: the first two distinct style codes in file order.
const STYLE_CODES = 2;
function firstStyles(itemsInFileOrder: readonly { style_code: string }[]): string[] {
  const codes: string[] = [];
  for (const { style_code } of itemsInFileOrder) {
    if (!codes.includes(style_code)) codes.push(style_code);
    if (codes.length === STYLE_CODES) break;
  }
  return codes;
}

export async function findOrderOrThrow(db: Db, id: number, page?: ItemsPage): Promise<Order> {
  const order = await findOrder(db, id, page);
  if (!order) throw notFound('Order not found');
  return order;
}

// Assigned worker of an order, straight from the read model (access checks for workers).
export async function orderWorker(db: Db, id: number): Promise<{ worker_id: number | null } | undefined> {
  const row = await db.selectFrom('rm_orders').select('assigned_worker_id').where('id', '=', id).executeTakeFirst();
  return row ? { worker_id: row.assigned_worker_id } : undefined;
}

// A list's orders: no items (an order's own answer pages them), the first style codes of each read in the database.
async function toSummaries(db: Db, rows: readonly OrderRow[]): Promise<OrderSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [styles, users] = await Promise.all([
    sql<{ id: number; styles: string[] }>`
      select o.id, array(select i.style_code from rm_order_items i where i.order_id = o.id
                          group by i.style_code order by min(i.position) limit ${STYLE_CODES}) as styles
        from unnest(${ids}::int[]) o(id)`.execute(db),
    usersById(
      db,
      rows.flatMap((r) => [r.assigned_worker_id, r.completed_by, r.verified_by, heldOf(r)?.held_by ?? null]),
    ),
  ]);
  const byOrder = new Map(styles.rows.map((r) => [r.id, r.styles]));
  return rows.map((r) => toSummary(r, users, byOrder.get(r.id) ?? []));
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
function toItem(i: ItemRow, users: Map<number, UserRef>): OrderItem {
  const picked = isDone(i);
  const suggested = !picked && i.suggested_location !== null;
  return {
    id: i.id,
    sku: i.sku,
    style_code: i.style_code,
    style_name: i.style_name,
    size: i.size,
    color: i.color,
    quantity: i.quantity,
    value: i.value === null ? null : Number(i.value),
    status: i.status === 'short' ? 'short' : picked ? 'picked' : 'pending',
    picked_at: iso(i.picked_at),
    picked_by: userOf(users, i.picked_by),
    short_quantity: i.short_quantity,
    looked_in: i.looked_in,
    location: picked ? i.location : i.suggested_location,
    location_type: picked ? i.location_type : i.suggested_location_type,
    location_suggested: suggested,
    location_quantity: suggested ? i.suggested_quantity : null,
    unstocked: i.unstocked,
    no_stock: !picked && i.suggested_location === null,
    notes: i.notes,
    barcodes: i.barcodes,
  };
}

// rm_orders.hold as the orders projection writes it (fold.ts, OrderHeld).
type StoredHold = Omit<NonNullable<OrderSummary['hold']>, 'held_by'> & { held_by: number };
const heldOf = (r: { hold: unknown }) => (r.hold ?? null) as StoredHold | null;

function toSummary(r: OrderRow, users: Map<number, UserRef>, styleCodes: string[]): OrderSummary {
  const worker = userOf(users, r.assigned_worker_id);
  const hold = heldOf(r);
  return {
    id: r.id,
    order_number: r.order_number,
    status: statusOf(r.status),
    priority: r.priority,
    total_items: r.total_items,
    total_quantity: r.total_quantity,
    picked_items: r.picked_items,
    short_items: r.short_items,
    progress: r.total_items === 0 ? 0 : Math.round(((r.picked_items + r.short_items) / r.total_items) * 100),
    order_date: r.order_day,
    created_at: r.created_at.toISOString(),
    assigned_at: iso(r.assigned_at),
    completed_at: iso(r.completed_at),
    verified_at: iso(r.verified_at),
    cancelled_at: iso(r.cancelled_at),
    verification_notes: r.verification_notes,
    discrepancies: r.discrepancies as Discrepancy[],
    hold: hold && { ...hold, held_by: userOf(users, hold.held_by) },
    assigned_worker: worker,
    assigned_worker_id: r.assigned_worker_id,
    assigned_worker_name: worker ? (worker.full_name ?? worker.username) : null,
    worker_id: r.assigned_worker_id,
    completed_by: userOf(users, r.completed_by),
    verified_by: userOf(users, r.verified_by),
    source_file: r.source_file,
    style_codes: styleCodes,
    batch: r.batch,
    no_stock_items: r.no_stock_items,
  };
}

// The return events naming the order (their parcels' streams), by db/migrations/190's index.
async function orderReturnEvents(db: Db, orderId: number): Promise<StoredEvent[]> {
  const rows = await db
    .selectFrom('events')
    .select(['event_type', 'schema_version', 'data', 'stream_id', 'stream_version', 'global_position', sql<string>`transaction_id::text`.as('transaction_id'), 'metadata', 'recorded_at'])
    .where('event_type', 'in', RETURN_EVENT_TYPES)
    .where(sql<number>`(data ->> 'order_id')::int`, '=', orderId)
    .orderBy('global_position')
    .execute();
  return rows.map((r) => toStoredEvent(r));
}

// Every event of the order's stream, read from the event store itself, and the returns of its units.
export async function orderHistory(db: Db, id: number): Promise<OrderHistory> {
  const events = await readStream<OrderEvent>(db, orderStreamId(id));
  const first = events[0];
  if (!first || first.type !== 'OrderImported') throw notFound('Order not found');
  const mentioned = events.flatMap((e) => {
    const data = e.data as Partial<Record<'worker_id' | 'previous_worker_id' | 'picked_by', number | null>>;
    return [e.metadata.actor_id, data.worker_id ?? null, data.previous_worker_id ?? null, data.picked_by ?? null];
  });
  const returns = await orderReturnEvents(db, id);
  const users = await usersById(db, [...mentioned, ...returns.map((e) => e.metadata.actor_id)]);
  const name = (userId: number | null) => {
    const u = userOf(users, userId);
    return u ? (u.full_name ?? u.username) : 'nobody';
  };
  const entry = (e: StoredEvent, description: string) => ({
    id: e.global_position,
    event_type: e.type,
    at: (e.data as { at?: string }).at ?? e.recorded_at.toISOString(),
    actor: userOf(users, e.metadata.actor_id),
    role: e.metadata.actor_role,
    description,
  });
  const entries = [
    ...events.map((e) => entry(e, describeEvent({ type: e.type, data: e.data } as OrderEvent, name))),
    ...returns.map((e) => entry(e, describeReturnEvent({ type: e.type, data: e.data } as ReturnEvent))),
  ];
  return {
    order_id: id,
    order_number: first.data.order_number,
    history: entries.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0)),
  };
}

export interface ExportRow {
  order_number: string;
  status: string;
  priority: number;
  order_date: string;
  worker: string | null;
  sku: string;
  style_name: string;
  size: string;
  color: string;
  quantity: number;
  value: string | null;
  item_status: string;
  location: string | null;
  picked_at: Date | null;
  completed_at: Date | null;
  verified_at: Date | null;
}

// Every item of every matching order; at most `limit` rows (the caller asks for one more to detect overflow).
export async function exportRows(db: Db, f: OrderFilters, limit: number): Promise<ExportRow[]> {
  const orders = filteredOrders(db, f, await planSearch(db, f.search, limit, DEFAULT_TUNING, false)).select('id');
  return db
    .selectFrom('rm_orders as o')
    .innerJoin('rm_order_items as i', 'i.order_id', 'o.id')
    .leftJoin('rm_users as u', 'u.id', 'o.assigned_worker_id')
    .where('o.id', 'in', orders)
    .select([
      'o.order_number',
      'o.status',
      'o.priority',
      sql<string>`to_char(o.order_date, 'YYYY-MM-DD')`.as('order_date'),
      sql<string | null>`coalesce(u.full_name, u.username)`.as('worker'),
      'i.sku',
      'i.style_name',
      'i.size',
      'i.color',
      'i.quantity',
      'i.value',
      'i.status as item_status',
      'i.location',
      'i.picked_at',
      'o.completed_at',
      'o.verified_at',
    ])
    .orderBy('o.order_date', 'desc')
    .orderBy('o.id', 'desc')
    .orderBy('i.position')
    .limit(limit)
    .execute();
}

// The user to assign, read before deciding (an assign's, a bulk assign's, a new batch's). `cache`: the app's session
// cache, which also keeps users for up to a second (see SessionCache.getUser): an assign is half the commands under
// load, and this read would be one of its statements.
export async function workerFacts(db: Kysely<Database>, userId: number, cache?: SessionCache): Promise<WorkerFacts | null> {
  const cached = cache?.getUser<WorkerFacts>(userId);
  if (cached) return cached;
  const row = await db.selectFrom('user_registry').select(['id', 'username', 'role', 'status']).where('id', '=', userId).executeTakeFirst();
  if (row) cache?.setUser(userId, row);
  return row ?? null;
}

export async function assignableWorkers(db: Db): Promise<UserRef[]> {
  return db
    .selectFrom('rm_users')
    .select(['id', 'username', 'full_name'])
    .where('role', '=', 'worker')
    .where('is_active', '=', true)
    .where('is_deleted', '=', false)
    .orderBy(sql`coalesce(full_name, username)`)
    .orderBy('id')
    .execute();
}
