-- Command-side tables: written by the command service in the same transaction as the events they go with.
create sequence user_id_seq start 1;

-- Username uniqueness across streams, and what sign-in and every request need without waiting for projections.
create table user_registry (
  id         int primary key,
  username   text not null,
  role       text not null,
  status     text not null check (status in ('active', 'inactive', 'deleted'))
);
create unique index user_registry_username on user_registry (lower(username));

-- Secrets are not events.
create table credentials (
  user_id       int primary key references user_registry (id),
  password_hash text        not null,
  changed_at    timestamptz not null default now()
);

create table sessions (
  id           uuid primary key,
  user_id      int         not null references user_registry (id),
  token_hash   bytea       not null unique,
  created_at   timestamptz not null,
  last_seen_at timestamptz not null,
  ended_at     timestamptz,
  end_reason   text,
  ip           text,
  user_agent   text
);
create index sessions_open_by_user on sessions (user_id) where ended_at is null;
