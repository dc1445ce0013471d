-- Receiving: stock receipts awaiting approval, and what the Stock Approval screen lists.

-- Receipt ids (stream receipt-<id>); an upload takes one per accepted row.
create sequence receipt_id_seq;

-- Every receipt with its current status: the receipts list (pending first) and Recent Approvals (approved ones).
create table rm_receipts (
  id              int primary key,
  status          text        not null check (status in ('pending', 'approved', 'rejected')),
  source          text        not null,
  upload_id       text,
  filename        text,
  row_number      int,
  style_code      text        not null,
  style_name      text,
  sku             text        not null,
  color           text        not null,
  size            text        not null,
  quantity        int         not null,
  gatepass_number text,
  received_date   text,
  style_known     boolean     not null,
  variant_known   boolean     not null,
  recorded_by     int,
  recorded_at     timestamptz not null,
  decided_by      int,
  decided_at      timestamptz,
  auto_approved   boolean     not null default false,
  location        text,
  location_type   text,
  notes           text,
  reject_reason   text
);
create index rm_receipts_status on rm_receipts (status, id desc);
create index rm_receipts_approved on rm_receipts (decided_at desc, id desc) where status = 'approved';
create index rm_receipts_style on rm_receipts (style_code);
create index rm_receipts_sku on rm_receipts (sku);
