-- Batch picking: ids for batch streams, and the read model of the batches (the picking screen's batch list and its
-- combined pick list, the orders screen's batch filter).
create sequence batch_id_seq start 1;

create table rm_batches (
  id           int primary key,
  worker_id    int         not null,
  -- open, completed, or emptied (every order left it)
  status       text        not null,
  created_by   int,
  created_at   timestamptz not null,
  completed_by int,
  completed_at timestamptz,
  updated_at   timestamptz not null
);
-- A worker's open batches; every batch newest first.
create index rm_batches_worker_status on rm_batches (worker_id, status, id desc);
create index rm_batches_status on rm_batches (status, id desc);

-- The orders of each batch by slot; left_at is set when the order leaves (deassigned, reassigned or cancelled).
create table rm_batch_orders (
  batch_id     int         not null,
  order_id     int         not null,
  order_number text        not null,
  slot         int         not null,
  left_at      timestamptz,
  primary key (batch_id, order_id)
);
-- The batch an order is in (an order is in one open batch at a time).
create index rm_batch_orders_order on rm_batch_orders (order_id) where left_at is null;
