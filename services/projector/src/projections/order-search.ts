import { sql, type Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { EVENTS, type StoredEvent } from '@wh/contracts';
import type { Projection, Rebuilder } from '../projection.ts';
import { copyLine, type RebuildIo } from '../rebuild-io.ts';
import { eventItems } from './orders/projection.ts';

// rm_search_terms and rm_order_terms, the orders list's search (migrations 060, 062): each distinct SKU and style
// name once, upper-cased, and each order's terms (one row per order, its term ids in a GIN-indexed array). Order numbers are not terms: the search matches them in rm_orders
// (a trigram index on the upper-cased number). Written once per imported order, never updated.
//
// A batch is one statement, reading the imports from the events inside the database. New terms get ids in order of
// first appearance (the table's highest id plus a row number over (place in the batch, place in the order: SKUs, then
// style names)), not from a sequence: a rebuild, batched differently and after a truncate, reproduces the live ids
// exactly. The place in the batch, not the global position: batches follow (transaction, position), and two
// transactions' positions interleave.
export const orderSearchProjection: Projection = {
  name: 'order-search',
  handles: new Set(['OrderImported']),
  async apply(trx, events) {
    const positions = events.filter((e) => e.type === 'OrderImported').map((e) => e.global_position);
    if (positions.length > 0) await insertTerms(trx, positions);
  },
  rebuilder: orderSearchRebuilder,
};

// Where an item's style name ranks after the order's SKUs: SKUs first, then names, each in item order (the live
// statement's `rank`).
const NAME_RANK = 1_000_000;

async function insertTerms(trx: Transaction<Database>, positions: readonly string[]): Promise<void> {
  // The planner takes each import for a hundred items (jsonb_array_elements' default estimate), so a batch of a few
  // thousand imports costs enough to be JIT-compiled, and compiling takes a large share of what running it does. Off
  // for this statement only, then back to what the transaction had.
  const { rows } = await sql<{ jit: string }>`select current_setting('jit') as jit, set_config('jit', 'off', true)`.execute(trx);
  await insertTermsStatement(trx, positions);
  await sql`select set_config('jit', ${rows[0]!.jit}, true)`.execute(trx);
}

// SQL sees the data as stored, not upcast (readInDatabase).
EVENTS.readInDatabase('OrderImported', 1, 'the order-search projection (insertTerms)');

async function insertTermsStatement(trx: Transaction<Database>, positions: readonly string[]): Promise<void> {
  // The batch's distinct terms are matched against the table once each (a few thousand SKUs and names, most of them
  // known after the first uploads), not once per order line. The inserted terms are not visible to this statement's
  // own read of rm_search_terms: the new ones come from `added`, the known ones from the table. `first` orders a
  // term by its first (place in the batch, rank), packed in one bigint (rank < 2^32).
  await sql`
    with t as materialized (
      select b.k, d.order_id, x.term, x.rank
        from unnest(${positions}::bigint[]) with ordinality as b(pos, k)
        join events e on e.global_position = b.pos
       cross join lateral (${eventItems}) d
       cross join lateral jsonb_array_elements(d.items) with ordinality a(i, n)
       cross join lateral (values (upper(a.i->>'sku'), a.n), (upper(a.i->>'style_name'), ${NAME_RANK} + a.n)) x(term, rank)
       -- The planner guesses 100 rows for unnest: this makes it probe events by key whatever it guesses.
       where e.global_position = any(${positions}::bigint[]) and x.term <> ''
    ),
    g as materialized (select term, min(k * 4294967296 + rank) as first from t group by term),
    added as (
      insert into rm_search_terms (id, term)
      select (select coalesce(max(id), 0) from rm_search_terms) + row_number() over (order by first), term
        from g
       where not exists (select 1 from rm_search_terms s where s.term = g.term)
      returning id, term
    ),
    ids as (
      select id, term from added
      union all
      select s.id, s.term from rm_search_terms s join g on g.term = s.term
    )
    insert into rm_order_terms (order_id, term_ids)
    select t.order_id, array_agg(distinct ids.id order by ids.id) from t join ids on ids.term = t.term group by t.order_id`.execute(trx);
}

// A rebuild's terms in memory: ids handed out in event order (the rebuild applies events in the projector's order,
// so first appearance is the same as live), each batch's order rows COPYed as they come (the GIN index is built once
// at the end), the terms COPYed at the end. Upper-casing is PostgreSQL's (its upper() under the database's locale, as
// the live statement), asked once per distinct spelling. That question queues behind the rebuild's unwritten COPYs,
// so it is not awaited in the batch: each batch's ids are handed out on a chain, in batch order, once its answer is
// in, while the rebuild goes on applying the next batches (awaiting it would make every batch with new spellings wait
// for the server to drain its COPYs).
function orderSearchRebuilder(io: RebuildIo): Rebuilder {
  const ids = new Map<string, number>(); // upper-cased term -> id
  const upper = new Map<string, string>(); // spelling in the events -> upper-cased
  const asked = new Set<string>(); // spellings whose upper-casing has been asked for
  const terms: string[] = [];
  let chain: Promise<void> = Promise.resolve();
  const assign = (imports: readonly StoredEvent[]) => {
    const lines: string[] = [];
    for (const e of imports) {
      const held = new Set<number>();
      for (const s of spellings(e)) {
        const term = upper.get(s)!;
        if (term === '') continue;
        let id = ids.get(term);
        if (id === undefined) {
          terms.push(term);
          id = terms.length;
          ids.set(term, id);
        }
        held.add(id);
      }
      // An order without terms has no row, as live (the statement's join finds none).
      if (held.size > 0) lines.push(copyLine([String((e.data as { order_id: unknown }).order_id), [...held].sort((a, b) => a - b)]));
    }
    io.copy('rm_order_terms', ['order_id', 'term_ids'], lines);
  };
  return {
    async apply(trx, events) {
      const imports = events.filter((e) => e.type === 'OrderImported');
      if (imports.length === 0) return;
      const raw: string[] = [];
      for (const e of imports) {
        for (const s of spellings(e)) {
          if (asked.has(s)) continue;
          asked.add(s);
          raw.push(s);
        }
      }
      const answered =
        raw.length === 0
          ? Promise.resolve()
          : sql<{ u: string[] }>`select array(select upper(s) from unnest(${raw}::text[]) with ordinality x(s, i) order by i) as u`
              .execute(trx)
              .then(({ rows }) => raw.forEach((s, i) => upper.set(s, rows[0]!.u[i]!)));
      chain = Promise.all([chain, answered]).then(() => assign(imports));
      // A failure is thrown by finish (or by the rebuild's own failing statements first), not left unhandled here.
      chain.catch(() => {});
    },
    async finish() {
      await chain;
      io.copy('rm_search_terms', ['id', 'term'], terms.map((term, i) => copyLine([i + 1, term])));
    },
  };
}

// An import's SKUs in item order, then its style names: the order in which the live statement ranks them.
function* spellings(e: StoredEvent): Generator<string> {
  const items = (e.data as { items?: unknown }).items;
  if (!Array.isArray(items)) return;
  for (const key of ['sku', 'style_name'] as const) {
    for (const item of items as Record<string, unknown>[]) {
      const v = item?.[key];
      if (typeof v === 'string' && v !== '') yield v;
    }
  }
}
