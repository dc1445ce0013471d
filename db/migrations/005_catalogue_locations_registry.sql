-- Command-side registries shared by catalogue, receiving, inventory and picking: the facts commands must check
-- (is this style known, is this a jeans style, does this location exist and hold how much) without replaying streams.
-- Written in the same transaction as the events that create or change them.
create table style_registry (
  style_code text primary key,
  name       text    not null,
  is_jeans   boolean not null default false
);

create table variant_registry (
  sku        text primary key,
  style_code text not null references style_registry (style_code),
  size       text not null,
  color      text not null
);
create index variant_registry_style on variant_registry (style_code);

create table location_registry (
  code      text primary key,
  type      text    not null check (type in ('bin', 'rack', 'jean_rack', 'receiving')),
  capacity  int     check (capacity is null or capacity >= 0),
  gender    text,
  is_active boolean not null default true
);
-- The receiving area always exists: approvals without a chosen location and auto-approved uploads land there.
insert into location_registry (code, type, capacity, is_active) values ('RECEIVING', 'receiving', null, true);
