-- Stock files whose rows were recorded, by route and content: the same file uploaded again to the same route is
-- refused, saying when and by whom it was first uploaded. Written in the transaction that records its receipts.
create table stock_file_uploads (
  route       text        not null,
  sha256      bytea       not null,
  upload_id   text        not null,
  filename    text        not null,
  user_id     int,
  uploaded_at timestamptz not null,
  primary key (route, sha256)
);
