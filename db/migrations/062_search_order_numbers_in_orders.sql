-- Order numbers are not search terms: a search matches them in rm_orders itself, through a trigram index on the
-- upper-cased number. As terms they would be one term row and one order-term row per order, most of the search
-- projection's cost at import (each new term: a heap row, a unique entry, its trigram entries, and its place in the
-- first-appearance order) and most of rm_search_terms. The terms are the SKUs and style names, about 105,000 at a
-- million orders, each shared by many orders.
create index rm_orders_number_trgm on rm_orders using gin (upper(order_number) gin_trgm_ops);

-- The terms again, numbered in order of first appearance among SKUs and style names only (as the projection
-- numbers them), from the events up to the projector's checkpoint; later ones the projector adds itself.
create temporary table imported_items on commit drop as
select e.transaction_id, e.global_position, (e.data->>'order_id')::int as order_id, x.term, x.rank
  from events e
  join projector_checkpoints c on c.name = 'main' and (e.transaction_id, e.global_position) <= (c.last_tx, c.last_pos)
 cross join lateral jsonb_array_elements(e.data->'items') with ordinality a(i, n)
 cross join lateral (values (upper(a.i->>'sku'), a.n), (upper(a.i->>'style_name'), 1000000 + a.n)) x(term, rank)
 where e.event_type = 'OrderImported' and x.term <> '';

truncate rm_search_terms;
insert into rm_search_terms (id, term)
select row_number() over (order by transaction_id, global_position, rank), term
  from (select distinct on (term) term, transaction_id, global_position, rank
          from imported_items
         order by term, transaction_id, global_position, rank) f;

-- One row per order with its terms' ids (sorted), not a row per order and term: such rows cost two btree entries
-- each, one of them at a random place in (term_id, order_id), hundreds of thousands for one big upload. An order's row is one append to the primary key and a few entries in the GIN
-- index's pending list, merged into the index in bulk. A term's orders come from the GIN index (`term_ids && ...`), an
-- order's terms from its row.
drop table rm_order_terms;
create table rm_order_terms (
  order_id int   primary key,
  term_ids int[] not null
);
insert into rm_order_terms (order_id, term_ids)
select t.order_id, array_agg(distinct s.id order by s.id)
  from imported_items t join rm_search_terms s on s.term = t.term
 group by t.order_id
 order by t.order_id;
create index rm_order_terms_terms on rm_order_terms using gin (term_ids);
