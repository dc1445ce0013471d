-- Inventory search by part of a style name reads the variants of the matching styles by style id: this index reads
-- only the matching styles' rows, where a scan would read every variant of the catalogue.
create index rm_variants_style_id on rm_variants (style_id, sku);
