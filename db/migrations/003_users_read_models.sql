-- Read models for the users screens, kept by the projector.
create table rm_users (
  id            int primary key,
  username      text        not null,
  email         text,
  full_name     text,
  role          text        not null,
  is_active     boolean     not null,
  is_deleted    boolean     not null default false,
  created_at    timestamptz not null,
  updated_at    timestamptz not null,
  last_login_at timestamptz,
  deleted_at    timestamptz
);
create index rm_users_role on rm_users (role);
create index rm_users_created on rm_users (created_at desc, id desc);

create table rm_user_sessions (
  session_id  uuid primary key,
  user_id     int         not null,
  login_time  timestamptz not null,
  logout_time timestamptz,
  ip          text,
  user_agent  text,
  end_reason  text
);
create index rm_user_sessions_user on rm_user_sessions (user_id, login_time desc);
create index rm_user_sessions_time on rm_user_sessions (login_time);
