-- The returns bench: where returned units wait and where seconds go, the parcels' ids, the bench's read model, and
-- what the command side and the order's history read of an order's returns.

-- Holding areas like RECEIVING (no capacity, not in the layout's bins and racks): returned units waiting to be put
-- away, and grade C units sold as seconds.
insert into location_registry (code, type, capacity, is_active)
select v.code, 'receiving', null, true from (values ('RETURNS'), ('SECONDS')) as v(code)
 where not exists (select from location_registry l where l.code = v.code);

-- Each parcel is its own stream (return-<id>), its id drawn from this sequence.
create sequence return_id_seq;

-- An order's return events, straight from the event store: what its lines have had returned (a receipt's decision)
-- and the order's history. Every return event carries its order_id (null while unmatched).
create index events_return_order on events (((data ->> 'order_id')::int), global_position)
  where event_type in ('ReturnReceived', 'ReturnMatched', 'ReturnRestocked', 'ReturnWrittenOff');

-- The bench's parcels (kept by the returns-bench projection). status: unmatched (no order yet), waiting (units at the
-- bench or in RETURNS), done (every unit placed). units: in all; waiting: not placed yet; in_returns: of those, in
-- RETURNS. A parcel holds at most 200 lines of at most 1,000,000 units: int.
create table rm_return_parcels (
  id           int         primary key,
  status       text        not null check (status in ('unmatched', 'waiting', 'done')),
  order_id     int,
  order_number text,
  scanned      text,
  note         text,
  received_at  timestamptz not null,
  received_by  int,
  units        int         not null,
  waiting      int         not null,
  in_returns   int         not null,
  updated_at   timestamptz not null
);
-- The Unmatched and Waiting lists (oldest first), the recent list (newest first).
create index rm_return_parcels_status on rm_return_parcels (status, received_at, id);
create index rm_return_parcels_recent on rm_return_parcels (received_at desc, id desc);

-- A parcel's lines: what came back, and where its units are. restocked: [{ location, quantity }], summed per location.
create table rm_return_lines (
  return_id     int   not null,
  line          int   not null,
  order_item_id int,
  sku           text  not null,
  style_code    text  not null,
  size          text  not null,
  colour        text  not null,
  quantity      int   not null,
  reason        text  not null,
  reason_note   text,
  grade         text  not null,
  bench         int   not null,
  in_returns    int   not null,
  written_off   int   not null,
  restocked     jsonb not null default '[]',
  primary key (return_id, line)
);

-- The bench's lookup by a unit's SKU: the shipped orders holding it.
create index rm_order_items_sku on rm_order_items (sku, order_id);
