-- Barcodes the SKUs carry (EAN-8, UPC-A, EAN-13, GTIN-14 and internal codes, in the canonical form of
-- contracts/src/catalogue/barcodes.ts): each barcode on one SKU at most.

-- Command side: who holds each barcode, written with the events that add and remove it (registries.ts), so two
-- writers giving one barcode to two SKUs meet on the primary key and the second decides again, refused.
create table barcode_registry (
  barcode text primary key,
  sku     text not null references variant_registry (sku)
);

-- Read model: barcode -> SKU (the scan look-up), and each SKU's barcodes (Style Management, the items pickers scan).
create table rm_barcodes (
  barcode  text primary key,
  sku      text        not null,
  kind     text        not null,
  style_id int         not null,
  added_at timestamptz not null
);
create index rm_barcodes_sku on rm_barcodes (sku, barcode);
-- A page of styles reads its SKUs' barcodes by style.
create index rm_barcodes_style on rm_barcodes (style_id);
