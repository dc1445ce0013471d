-- Order numbers leave the search terms: a search matches them in rm_orders itself, through a trigram index on the
-- upper-cased number. As terms they were one term row and one order-term row per order, most of the search
-- projection's cost at import (each new term: a heap row, a unique entry, its trigram entries, and its place in the
-- first-appearance order) and most of rm_search_terms (1 million of its 1.1 million terms at a million orders). What
-- stays are the SKUs and style names, about 105,000 terms shared by many orders.
create index rm_orders_number_trgm on rm_orders using gin (upper(order_number) gin_trgm_ops);

-- The terms again, numbered in order of first appearance among SKUs and style names only (as the projection now
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

-- Without a primary key: nothing upserts into it (each order's terms are written once, deduplicated), and a plain
-- index is one a rebuild drops and builds once from the finished table instead of maintaining it row by row.
drop table rm_order_terms;
create table rm_order_terms (
  term_id  int not null,
  order_id int not null
);
insert into rm_order_terms (term_id, order_id)
select distinct s.id, t.order_id from imported_items t join rm_search_terms s on s.term = t.term order by 1, 2;
-- A term's orders (a search's few matches, the count's probe).
create index rm_order_terms_term on rm_order_terms (term_id, order_id);
-- A common text's orders are found by walking the list newest first and asking each order whether it holds one of
-- the matching terms.
create index rm_order_terms_order on rm_order_terms (order_id, term_id);
