-- What a location holds in all: every command that puts units into a location with a capacity sums its stock rows
-- to say whether it went past that capacity (platform/stock.ts, readLocationLoads).
create index stock_levels_location on stock_levels (location);
