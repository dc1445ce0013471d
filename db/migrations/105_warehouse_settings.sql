-- Warehouse-wide settings (stream warehouse-settings): one row once a manager has set one; none means the defaults.
create table rm_warehouse_settings (
  id                  smallint primary key check (id = 1),
  scan_location_first boolean     not null,
  updated_at          timestamptz not null
);
