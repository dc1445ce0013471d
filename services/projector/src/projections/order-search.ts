import { sql, type Transaction } from 'kysely';
import type { Database } from '@wh/migrations';
import type { Projection } from '../projection.ts';

// rm_search_terms and rm_order_terms, the orders list's search (migration 060): each distinct order number, SKU and
// style name once, upper-cased, and which orders hold it. Written once per imported order, never updated.
//
// A batch is one statement, reading the imports from the events inside the database. New terms get ids in order of
// first appearance (the batch's highest id plus a row number over (place in the batch, place in the order)), not from
// a sequence: a rebuild, batched differently and after a truncate, reproduces the live ids exactly. The place in the
// batch, not the global position: batches follow (transaction, position), and two transactions' positions interleave.
export const orderSearchProjection: Projection = {
  name: 'order-search',
  handles: new Set(['OrderImported']),
  async apply(trx, events) {
    const positions = events.filter((e) => e.type === 'OrderImported').map((e) => e.global_position);
    if (positions.length > 0) await insertTerms(trx, positions);
  },
  // A rebuild runs the same statement once per REBUILD_CHUNK imports at the end instead of once per batch: its cost is
  // mostly a pass over rm_search_terms (a hash anti-join), which batch after batch made this projection 78 of a 216 s
  // rebuild at 300,000 orders. Ids come out the same: they follow the order of the positions given, chunk after
  // chunk, as they follow batch after batch live.
  rebuilder() {
    const positions: string[] = [];
    return {
      async apply(_trx, events) {
        for (const e of events) if (e.type === 'OrderImported') positions.push(e.global_position);
      },
      async finish(trx) {
        for (let i = 0; i < positions.length; i += REBUILD_CHUNK) await insertTerms(trx, positions.slice(i, i + REBUILD_CHUNK));
      },
    };
  },
};

const REBUILD_CHUNK = 100_000;

async function insertTerms(trx: Transaction<Database>, positions: readonly string[]): Promise<void> {
  // The inserted terms are not visible to this statement's own read of rm_search_terms: the new ones come from
  // `added`, the known ones from the table.
  await sql`
    with t as (
      select b.k, (e.data->>'order_id')::int as order_id, x.term, x.rank
        from unnest(${positions}::bigint[]) with ordinality as b(pos, k)
        join events e on e.global_position = b.pos
       cross join lateral (
              select upper(e.data->>'order_number'), 0::bigint
              union all
              select upper(i->>'sku'), n from jsonb_array_elements(e.data->'items') with ordinality a(i, n)
              union all
              select upper(i->>'style_name'), 1000000 + n from jsonb_array_elements(e.data->'items') with ordinality a(i, n)
             ) x(term, rank)
       where x.term <> ''
    ),
    added as (
      insert into rm_search_terms (id, term)
      select (select coalesce(max(id), 0) from rm_search_terms) + row_number() over (order by min(array[k, rank]), term), term
        from t
       where not exists (select 1 from rm_search_terms s where s.term = t.term)
       group by term
      returning id, term
    ),
    ids as (
      select id, term from added
      union all
      select s.id, s.term from rm_search_terms s where s.term in (select term from t)
    )
    insert into rm_order_terms (term_id, order_id)
    select distinct ids.id, t.order_id from t join ids on ids.term = t.term`.execute(trx);
}
