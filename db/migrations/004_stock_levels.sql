-- Stock per (SKU, location), shared by every feature that moves stock (receiving, adjustments, picks).
-- Command side: written in the same transaction as the events that move the stock, so the invariant
-- "never below zero at a location" holds under any concurrency without loading an unbounded stream.
create table stock_levels (
  sku      text not null,
  location text not null,
  quantity int  not null check (quantity >= 0),
  primary key (sku, location)
);
create index stock_levels_sku_quantity on stock_levels (sku, quantity desc);

-- Read model of the same figures for queries (suggested pick location, inventory screens); kept by the
-- inventory projection from the movement events.
create table rm_stock (
  sku           text        not null,
  location      text        not null,
  location_type text        not null,
  style_code    text        not null,
  quantity      int         not null,
  updated_at    timestamptz not null,
  primary key (sku, location)
);
create index rm_stock_sku_quantity on rm_stock (sku, quantity desc);
create index rm_stock_location on rm_stock (location);
create index rm_stock_style on rm_stock (style_code);
