-- The orders list's search text in a table of its own, written once when the order is imported and never updated.
-- Kept in rm_orders, every assign, pick, completion and verification would rewrite the row's entries in the trigram
-- index (a status change is never a HOT update), several times the cost of the update itself.
create table rm_order_search (
  order_id    int  primary key,
  order_date  date not null,
  -- Upper-cased order number, SKUs and style names: what the list's search looks through.
  search_text text not null
);
insert into rm_order_search (order_id, order_date, search_text) select id, order_date, search_text from rm_orders;
create index rm_order_search_trgm on rm_order_search using gin (search_text gin_trgm_ops);
-- The search is served two ways: the trigram index for a rare text (a SKU, an order number), the newest-first walk of
-- rm_orders probing this table for a common one (a style name matching a tenth of the orders). The planner tells them
-- apart from the column's statistics; with the default 100 sampled values it cannot, and sorted a hundred thousand
-- matches for a page of twenty.
alter table rm_order_search alter column search_text set statistics 1000;
drop index rm_orders_search;
alter table rm_orders drop column search_text;
