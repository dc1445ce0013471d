-- Orders: command side (ids, order-number uniqueness) and the read models of the orders, picking and
-- verification screens.
create extension if not exists pg_trgm;

create sequence order_id_seq start 1;
create sequence order_item_id_seq start 1;

-- Order numbers are unique across streams: an upload claims its numbers here in the transaction that appends
-- the orders, so a re-upload (or two uploads racing) never duplicates an order. Keyed case-insensitively.
create table order_registry (
  number_key   text primary key,
  order_id     int  not null unique
);

-- One row per order, kept by the orders projection.
create table rm_orders (
  id                 int primary key,
  order_number       text        not null,
  status             text        not null,
  priority           int         not null,
  order_date         date        not null,
  total_items        int         not null,
  total_quantity     int         not null,
  picked_items       int         not null,
  assigned_worker_id int,
  assigned_at        timestamptz,
  completed_by       int,
  completed_at       timestamptz,
  verified_by        int,
  verified_at        timestamptz,
  cancelled_at       timestamptz,
  verification_notes text,
  discrepancies      jsonb       not null,
  source_file        text,
  -- Upper-cased order number, SKUs and style names: what the list's search looks through.
  search_text        text        not null,
  created_at         timestamptz not null,
  updated_at         timestamptz not null
);
-- The list is ordered newest order date first; each filter has an index that serves that order.
create index rm_orders_date on rm_orders (order_date desc, id desc);
create index rm_orders_status_date on rm_orders (status, order_date desc, id desc);
create index rm_orders_worker_date on rm_orders (assigned_worker_id, order_date desc, id desc);
-- A worker's open orders (the picking screen asks status=assigned,picking) among thousands of finished ones;
-- partial, so the planner knows how few there are.
create index rm_orders_worker_open on rm_orders (assigned_worker_id, order_date desc, id desc)
  where status in ('assigned', 'picking');
create index rm_orders_search on rm_orders using gin (search_text gin_trgm_ops);

create table rm_order_items (
  id                 int primary key,
  order_id           int         not null,
  position           int         not null,
  sku                text        not null,
  style_code         text        not null,
  style_name         text        not null,
  size               text        not null,
  color              text        not null,
  quantity           int         not null,
  value              numeric(12, 2),
  status             text        not null,
  picked_at          timestamptz,
  picked_by          int,
  location           text,
  location_type      text,
  unstocked          boolean     not null,
  notes              text
);
create index rm_order_items_order on rm_order_items (order_id, position);
-- Picks made while no location held the SKU: the manager's alert list.
create index rm_order_items_unstocked on rm_order_items (picked_at) where unstocked;

-- Orders per status and whether a worker is assigned, so the list counts without scanning a million rows
-- when it is filtered by status and/or 'Unassigned' only.
create table rm_order_status_counts (
  status     text    not null,
  unassigned boolean not null,
  count      bigint  not null,
  primary key (status, unassigned)
);
