import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, RmUsersTable } from '@wh/db';
import {
  pagination,
  permissionsOf,
  ROLES,
  type LoginSummary,
  type Role,
  type User,
  type UserDetails,
  type UserList,
  type UserStats,
} from '@wh/contracts';
import { notFound } from '../../platform/errors.ts';
import type { ExistingUser } from './user.ts';
import { escapeLike } from '../../platform/search.ts';

type Db = Kysely<Database>;

function roleOf(value: string): Role {
  return (ROLES as readonly string[]).includes(value) ? (value as Role) : 'worker';
}

export function toUser(row: Selectable<RmUsersTable>): User {
  const role = roleOf(row.role);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    full_name: row.full_name,
    role,
    is_active: row.is_active,
    is_deleted: row.is_deleted,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_login_at: row.last_login_at?.toISOString() ?? null,
    permissions: permissionsOf(role),
  };
}

// When the projector has not caught up in time, the answer is built from the command's own state.
export function userFromState(state: ExistingUser): User {
  return {
    id: state.id,
    username: state.username,
    email: state.email,
    full_name: state.full_name,
    role: state.role,
    is_active: state.status === 'active' || (state.status === 'deleted' && state.was_active),
    is_deleted: state.status === 'deleted',
    created_at: state.created_at,
    updated_at: state.updated_at,
    last_login_at: state.last_login_at,
    permissions: permissionsOf(state.role),
  };
}

// The user a command's answer carries: as the screens will read it once projected, else from the command's state.
export async function userAfterCommand(db: Db, state: ExistingUser, projected: boolean | undefined): Promise<User> {
  const read = projected === false ? undefined : await findUser(db, state.id);
  return read ?? userFromState(state);
}

export async function findUser(db: Db, id: number): Promise<User | undefined> {
  const row = await db.selectFrom('rm_users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toUser(row) : undefined;
}

export async function findUserOrThrow(db: Db, id: number): Promise<User> {
  const user = await findUser(db, id);
  if (!user) throw notFound('User not found');
  return user;
}


export async function listUsers(
  db: Db,
  q: { role?: Role; is_active?: boolean; include_deleted?: boolean; search?: string; page: number; limit: number },
): Promise<UserList> {
  let query = db.selectFrom('rm_users');
  if (q.role) query = query.where('role', '=', q.role);
  if (q.is_active !== undefined) query = query.where('is_active', '=', q.is_active);
  if (!q.include_deleted) query = query.where('is_deleted', '=', false);
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    query = query.where((eb) =>
      eb.or([eb('username', 'ilike', pattern), eb('email', 'ilike', pattern), eb('full_name', 'ilike', pattern)]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { users: rows.map(toUser), pagination: pagination(q.page, q.limit, Number(count.n)) };
}

const RECENT_SESSIONS = 10;

export async function userDetails(db: Db, id: number, now: Date): Promise<UserDetails> {
  const user = await findUserOrThrow(db, id);
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const [stats, recent] = await Promise.all([
    db
      .selectFrom('rm_user_sessions')
      .where('user_id', '=', id)
      .select([
        (eb) => eb.fn.countAll<string>().as('total'),
        sql<string>`count(*) filter (where login_time >= ${since})`.as('last_30'),
        sql<string | null>`avg(extract(epoch from (logout_time - login_time))) filter (where logout_time is not null)`.as('avg'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('rm_user_sessions')
      .selectAll()
      .where('user_id', '=', id)
      .orderBy('login_time', 'desc')
      .limit(RECENT_SESSIONS)
      .execute(),
  ]);
  return {
    user,
    login_stats: {
      total_sessions: Number(stats.total),
      last_30_days: Number(stats.last_30),
      average_session_duration: stats.avg === null ? 0 : Math.round(Number(stats.avg)),
    },
    recent_sessions: recent.map((s) => ({
      session_id: s.session_id,
      login_time: s.login_time.toISOString(),
      logout_time: s.logout_time?.toISOString() ?? null,
      login_ip: s.ip,
      user_agent: s.user_agent,
      session_duration: s.logout_time ? Math.round((s.logout_time.getTime() - s.login_time.getTime()) / 1000) : null,
      end_reason: s.end_reason,
    })),
  };
}

export async function userStats(db: Db): Promise<UserStats> {
  const rows = await db
    .selectFrom('rm_users')
    .select([
      'role',
      (eb) => eb.fn.countAll<string>().as('total'),
      sql<string>`count(*) filter (where is_active and not is_deleted)`.as('active'),
      sql<string>`count(*) filter (where not is_active and not is_deleted)`.as('inactive'),
      sql<string>`count(*) filter (where is_deleted)`.as('deleted'),
    ])
    .groupBy('role')
    .execute();
  const zero = () => ({ manager: 0, executive1: 0, executive2: 0, worker: 0 });
  const stats: UserStats = { total: 0, active: 0, inactive: 0, deleted: 0, by_role: zero(), active_by_role: zero() };
  for (const r of rows) {
    const role = roleOf(r.role);
    const live = Number(r.total) - Number(r.deleted);
    stats.total += live;
    stats.active += Number(r.active);
    stats.inactive += Number(r.inactive);
    stats.deleted += Number(r.deleted);
    stats.by_role[role] += live;
    stats.active_by_role[role] += Number(r.active);
  }
  return stats;
}

// Sign-ins over the last `days` days, per warehouse-local day and per user.
export async function loginSummary(db: Db, q: { days: number; role?: Role }, now: Date, timeZone: string): Promise<LoginSummary> {
  const since = new Date(now.getTime() - q.days * 86_400_000);
  let base = db
    .selectFrom('rm_user_sessions as s')
    .innerJoin('rm_users as u', 'u.id', 's.user_id')
    .where('s.login_time', '>=', since);
  if (q.role) base = base.where('u.role', '=', q.role);
  const [daily, byUser] = await Promise.all([
    base
      .select([
        sql<string>`to_char(s.login_time at time zone ${timeZone}, 'YYYY-MM-DD')`.as('date'),
        (eb) => eb.fn.countAll<string>().as('logins'),
        sql<string>`count(distinct s.user_id)`.as('unique_users'),
      ])
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .execute(),
    base
      .select([
        'u.id',
        'u.username',
        'u.full_name',
        'u.role',
        (eb) => eb.fn.countAll<string>().as('logins'),
        (eb) => eb.fn.max('s.login_time').as('last_login_at'),
      ])
      .groupBy(['u.id', 'u.username', 'u.full_name', 'u.role'])
      .orderBy('logins', 'desc')
      .orderBy('u.id')
      .execute(),
  ]);
  return {
    days: q.days,
    role: q.role ?? null,
    total_logins: byUser.reduce((n, r) => n + Number(r.logins), 0),
    unique_users: byUser.length,
    daily: daily.map((d) => ({ date: d.date, logins: Number(d.logins), unique_users: Number(d.unique_users) })),
    by_user: byUser.map((r) => ({
      user_id: r.id,
      username: r.username,
      full_name: r.full_name,
      role: roleOf(r.role),
      logins: Number(r.logins),
      last_login_at: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
    })),
  };
}
