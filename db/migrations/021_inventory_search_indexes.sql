-- Partial inventory search (part of a SKU or style name) at 100,000 SKUs: trigram indexes serve ILIKE '%text%'.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
create extension if not exists pg_trgm;
create index rm_variants_sku_trgm on rm_variants using gin (sku gin_trgm_ops);
create index rm_styles_name_trgm on rm_styles using gin (name gin_trgm_ops);
create index rm_styles_code_trgm on rm_styles using gin (style_code gin_trgm_ops);
