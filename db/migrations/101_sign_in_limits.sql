-- Sign-in attempts that have not succeeded, per client address and typed username, over the last window: what
-- every command instance counts against the sign-in limits. An attempt is written before its password is checked
-- and deleted, with the earlier failures of its address and username, when it succeeds. Rows past the window are
-- pruned as new attempts arrive.
create table sign_in_failures (
  id        bigint generated always as identity primary key,
  address   text        not null,
  username  text        not null,
  failed_at timestamptz not null
);
create index sign_in_failures_by_address on sign_in_failures (address, failed_at);
create index sign_in_failures_by_age on sign_in_failures (failed_at);
