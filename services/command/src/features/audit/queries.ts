import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import { normaliseCode, pagination, type AuditEntry, type AuditPage } from '@wh/contracts';

type Db = Kysely<Database>;

export interface AuditFilterValues {
  user_id?: number;
  order_number?: string;
  sku?: string;
  location?: string;
  event_type?: string;
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

// A day means its local start (from) or the local start of the next day (to, exclusive); a timestamp is itself.
async function bounds(db: Db, f: AuditFilterValues, timeZone: string): Promise<{ from?: Date; to?: Date }> {
  const moment = async (value: string | undefined, end: boolean) => {
    if (!value) return undefined;
    if (!DAY.test(value)) return new Date(value);
    const { rows } = await sql<{ at: Date }>`
      select ((${value}::date + ${end ? 1 : 0}::int)::timestamp) at time zone ${timeZone} as at`.execute(db);
    return rows[0]!.at;
  };
  return { from: await moment(f.from, false), to: await moment(f.to, true) };
}

async function filtered(db: Db, f: AuditFilterValues, timeZone: string) {
  const { from, to } = await bounds(db, f, timeZone);
  let q = db.selectFrom('rm_audit as a');
  if (f.user_id !== undefined) q = q.where(sql<boolean>`a.user_ids @> array[${f.user_id}]::int[]`);
  if (f.order_number) q = q.where('a.order_key', 'in', orderKeys(f.order_number));
  if (f.sku) q = q.where(sql<boolean>`a.skus @> array[${normaliseCode(f.sku)}]::text[]`);
  if (f.location) q = q.where(sql<boolean>`a.locations @> array[${normaliseCode(f.location)}]::text[]`);
  if (f.event_type) q = q.where('a.event_type', '=', f.event_type);
  if (from) q = q.where('a.occurred_at', '>=', from);
  if (to) q = q.where(DAY.test(f.to ?? '') ? sql<boolean>`a.occurred_at < ${to}` : sql<boolean>`a.occurred_at <= ${to}`);
  return q;
}

async function entries(db: Db, f: AuditFilterValues, timeZone: string, limit: number, offset: number): Promise<AuditEntry[]> {
  const rows = await (await filtered(db, f, timeZone))
    .leftJoin('rm_users as u', 'u.id', 'a.actor_id')
    .select([
      'a.position',
      'a.event_type',
      'a.stream_id',
      'a.occurred_at',
      'a.actor_id',
      'u.username',
      'u.full_name',
      'a.actor_role',
      'a.summary',
      'a.order_number',
      'a.skus',
      'a.locations',
    ])
    .orderBy('a.position', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    position: String(r.position),
    event_type: r.event_type,
    stream_id: r.stream_id,
    occurred_at: r.occurred_at.toISOString(),
    user_id: r.actor_id,
    username: r.username,
    full_name: r.full_name,
    role: r.actor_role,
    summary: r.summary,
    order_number: r.order_number,
    skus: r.skus,
    locations: r.locations,
  }));
}

export async function auditPage(db: Db, f: AuditFilterValues & { page: number; limit: number }, timeZone: string): Promise<AuditPage> {
  const total = await (await filtered(db, f, timeZone)).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  // A skip scan over the event_type index: a handful of types among millions of rows.
  const { rows: types } = await sql<{ event_type: string }>`
    with recursive t as (
      select min(event_type) as event_type from rm_audit
      union all
      select (select min(event_type) from rm_audit where event_type > t.event_type) from t where t.event_type is not null)
    select event_type from t where event_type is not null`.execute(db);
  return {
    events: await entries(db, f, timeZone, f.limit, (f.page - 1) * f.limit),
    pagination: pagination(f.page, f.limit, total.n),
    event_types: types.map((t) => t.event_type),
  };
}

export async function auditRows(db: Db, f: AuditFilterValues, timeZone: string, limit: number): Promise<AuditEntry[]> {
  return entries(db, f, timeZone, limit, 0);
}

// Order numbers are stored as the file had them, usually '#3001'; people type '3001' as often as '#3001'.
export function orderKeys(typed: string): string[] {
  const key = typed.trim().toUpperCase();
  return key.startsWith('#') ? [key, key.slice(1)] : [key, `#${key}`];
}
