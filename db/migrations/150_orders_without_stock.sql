-- Orders with items no location holds: the Orders screen's "No stock anywhere" filter and the import's and the
-- assignments' warnings. An open order's count of unpicked items whose SKU has no units at any location (0 for a
-- completed, verified or cancelled order), kept by the orders projection on the order's events and whenever a SKU's
-- stock crosses zero.
alter table rm_orders add column no_stock_items int not null default 0;

-- The filtered list, newest first; only orders that have such items.
create index rm_orders_no_stock on rm_orders (order_date desc, id desc) where no_stock_items > 0;

-- The open lines of a SKU, for the orders to count again when the SKU's stock crosses zero.
create index rm_order_items_pending_sku on rm_order_items (sku) where status = 'pending';

-- Each SKU's units across every location, as the orders projection counts them from the movements it is given (the
-- same figure as the stock ledger's rm_sku_stock): its own, so that it reads no other projection's table and stops
-- and catches up alone.
create table rm_order_sku_stock (
  sku      text primary key,
  quantity bigint not null
);

-- From today's read models, which stand at the same checkpoint.
insert into rm_order_sku_stock (sku, quantity) select sku, quantity from rm_sku_stock;

update rm_orders o
   set no_stock_items = c.n
  from (select i.order_id, count(*)::int as n
          from rm_order_items i
         where i.status = 'pending'
           and not exists (select 1 from rm_order_sku_stock s where s.sku = i.sku and s.quantity > 0)
         group by i.order_id) c
 where o.id = c.order_id
   and o.status in ('pending', 'assigned', 'picking');
