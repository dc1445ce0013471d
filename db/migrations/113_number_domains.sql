-- Figures summed over an unbounded number of movements or picks: no bound on one movement or pick keeps such a sum
-- within an int (contracts/src/platform/input.ts, number domains; docs/decisions.md). A SKU's units across every
-- location, a location's units across every SKU (and per style), and a picker's units in a 15-minute bucket are
-- bigint. Units of one SKU at one location stay int: the command side refuses a movement past that column.
alter table rm_sku_stock alter column quantity type bigint;
alter table rm_location_stock alter column quantity type bigint;
alter table rm_location_styles alter column quantity type bigint;
alter table rm_report_worker_buckets alter column units_picked type bigint;
