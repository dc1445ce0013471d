-- Orders held at verification (status on_hold): what stopped the order, by whom and when, while it is on hold; null
-- otherwise. No order is held before this migration.
alter table rm_orders add column hold jsonb;
