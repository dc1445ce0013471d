-- A state-changing request sent with an Idempotency-Key: the same user and key within 24 hours gets the first
-- answer again instead of the work being done twice (a retry after a lost answer). Command-side, written by the
-- command service outside the command's own transaction:
-- * claimed before the work runs (status null, finished_at null: in progress);
-- * finished with the answer sent (status, response) or, after a server error, without one (finished_at only);
-- * events the request appended carry its id as their correlation id and lie after head_position, which is how a
--   retry tells a request that committed before its answer was lost from one that never got that far.
create table idempotency_keys (
  user_id       int         not null,
  key           text        not null,
  request_hash  bytea       not null,
  request_id    text        not null,
  head_position bigint      not null,
  created_at    timestamptz not null,
  finished_at   timestamptz,
  status        int,
  response      text,
  primary key (user_id, key)
);
create index idempotency_keys_created_at on idempotency_keys (created_at);
