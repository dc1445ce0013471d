-- The orders list's search, matched against short terms rather than one long text per order: a style name's ~20
-- trigrams are each common, so a trigram index over every order's text (number, SKUs, style names) reads and
-- rechecks hundreds of thousands of long texts for one name. Each distinct order number, SKU and style name is a term
-- (short rows, of which only the SKUs and names share trigrams with a typed name), and rm_order_terms says which
-- orders hold which terms. A search finds its terms first (a few hundred at most for a name), then their orders.
--
-- Both tables are written once, when an order is imported, and never updated. Term ids are assigned in order of first
-- appearance in the projector's order, (transaction, position), not from a sequence, so a rebuild reproduces them.
create table rm_search_terms (
  id   int  primary key,
  -- Upper-cased order number, SKU or style name.
  term text not null unique
);
create index rm_search_terms_trgm on rm_search_terms using gin (term gin_trgm_ops);
-- The planner tells a broad text (a style noun in thousands of terms) from a rare one (a SKU) by these statistics.
alter table rm_search_terms alter column term set statistics 1000;

create table rm_order_terms (
  term_id  int not null,
  order_id int not null,
  primary key (term_id, order_id)
);
-- A common text's orders are found by walking the list newest first and asking each order whether it holds one of
-- the matching terms.
create index rm_order_terms_order on rm_order_terms (order_id, term_id);

-- The orders already projected (events up to the projector's checkpoint; later ones the projector adds itself), in
-- the same order and with the same ids as the projection (services/projector/src/projections/order-search.ts).
create temporary table imported_terms on commit drop as
select dense_rank() over (order by e.transaction_id, e.global_position) as k, (e.data->>'order_id')::int as order_id,
       x.term, x.rank
  from events e
  join projector_checkpoints c on c.name = 'main' and (e.transaction_id, e.global_position) <= (c.last_tx, c.last_pos)
 cross join lateral (
        select upper(e.data->>'order_number'), 0::bigint
        union all
        select upper(i->>'sku'), n from jsonb_array_elements(e.data->'items') with ordinality a(i, n)
        union all
        select upper(i->>'style_name'), 1000000 + n from jsonb_array_elements(e.data->'items') with ordinality a(i, n)
       ) x(term, rank)
 where e.event_type = 'OrderImported' and x.term <> '';
insert into rm_search_terms (id, term)
select row_number() over (order by min(array[k, rank]), term), term from imported_terms group by term;
insert into rm_order_terms (term_id, order_id)
select distinct s.id, t.order_id from imported_terms t join rm_search_terms s on s.term = t.term;

drop table rm_order_search;
