-- The orders list's search (search_text LIKE '%text%') is served two ways: the trigram index for a rare text (a SKU,
-- an order number), the newest-first index walked with a filter for a common one (a style name matching a tenth of
-- the orders). The planner chooses from the column's statistics; with the default 100 sampled values it cannot
-- tell a rare text from a common one and sorted a hundred thousand matches for a page of twenty.
alter table rm_orders alter column search_text set statistics 1000;
