-- Inventory search by part of a style name reads the variants of the matching styles by style id: without this
-- index every one of the 100,000 variants was scanned (about 100 ms); with it, only the matching styles' rows.
create index rm_variants_style_id on rm_variants (style_id, sku);
