import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import {
  BIN_CODE_PATTERN,
  COUNTS_PER_PAGE,
  countStreamId,
  DEFAULT_COUNT_SETTINGS,
  foldCountTask,
  MAX_COUNT_LOCATIONS,
  pagination,
  RACK_CODE_PATTERN,
  statusCounts,
  WAREHOUSE_SETTINGS_STREAM,
  type CountList,
  type CountScope,
  type CountSettings,
  type CountTaskDetail,
  type CountTaskView,
  type CountView,
  type MyCounts,
} from '@wh/contracts';
import { expandRange } from '../../domain/location-range.ts';
import type { Executor } from '../../platform/command.ts';
import { readStream } from '../../platform/event-store.ts';
import { userOf, usersById } from '../../platform/user-reads.ts';

// What cycle counts read: the locations a scope names, the settings, a task from its stream, the lists.

type Db = Kysely<Database>;

// The locations counts take: active bins and racks (RECEIVING, RETURNS and SECONDS are holding areas).
const countable = (db: Executor) => db.selectFrom('location_registry as l').select('l.code').where('l.is_active', '=', true).where('l.type', '!=', 'receiving');

// Locations chosen by the command itself (an automatic count, the plan): those of them counts take, in their order.
export type ChosenLocations = { kind: 'locations'; locations: readonly string[] };

/** The locations a manager's scope names, in code order; or what is wrong with it. */
export async function locationsInScope(db: Executor, scope: CountScope | ChosenLocations, now: Date): Promise<string[] | { problem: string }> {
  switch (scope.kind) {
    case 'locations': {
      if (scope.locations.length === 0) return [];
      const rows = await countable(db).where('l.code', 'in', [...scope.locations]).execute();
      const found = new Set(rows.map((r) => r.code));
      return [...new Set(scope.locations)].filter((c) => found.has(c));
    }
    case 'range': {
      const codes = expandRange(scope.from, scope.to, BIN_CODE_PATTERN, RACK_CODE_PATTERN, MAX_COUNT_LOCATIONS);
      if (typeof codes === 'string') return { problem: codes };
      const rows = await countable(db).where('l.code', 'in', codes).execute();
      const found = new Set(rows.map((r) => r.code));
      return codes.filter((c) => found.has(c));
    }
    case 'skus': {
      const rows = await countable(db)
        .where((eb) => eb.exists(eb.selectFrom('stock_levels as s').select('s.sku').whereRef('s.location', '=', 'l.code').where('s.sku', 'in', scope.skus).where('s.quantity', '>', 0)))
        .orderBy(sql`l.code collate "C"`)
        .execute();
      return rows.map((r) => r.code);
    }
    case 'not_counted': {
      const since = new Date(now.getTime() - scope.days * 86_400_000);
      const rows = await countable(db)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('rm_count_locations as c').select('c.location').whereRef('c.location', '=', 'l.code').where('c.counted_at', '>=', since))))
        .orderBy(sql`l.code collate "C"`)
        .execute();
      return rows.map((r) => r.code);
    }
    case 'flagged': {
      // Flagged and not counted since the flag.
      const rows = await countable(db)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('rm_count_flags as f')
              .select('f.location')
              .whereRef('f.location', '=', 'l.code')
              .where((inner) =>
                inner.not(inner.exists(inner.selectFrom('rm_count_locations as c').select('c.location').whereRef('c.location', '=', 'f.location').whereRef('c.counted_at', '>=', 'f.flagged_at'))),
              ),
          ),
        )
        .orderBy(sql`l.code collate "C"`)
        .execute();
      return rows.map((r) => r.code);
    }
    default: {
      const exhaustive: never = scope;
      return exhaustive;
    }
  }
}

/** Of these locations, those already in an open count. */
export async function inOpenCounts(db: Executor, locations: readonly string[]): Promise<Set<string>> {
  if (locations.length === 0) return new Set();
  const rows = await db.selectFrom('count_open_locations').select('location').where('location', 'in', [...locations]).execute();
  return new Set(rows.map((r) => r.location));
}

/** The counts' settings: the last CountSettingsSet on the warehouse settings stream, else the defaults. */
export async function countSettings(db: Executor): Promise<CountSettings> {
  const row = await db
    .selectFrom('events')
    .select('data')
    .where('stream_id', '=', WAREHOUSE_SETTINGS_STREAM)
    .where('event_type', '=', 'CountSettingsSet')
    .orderBy('stream_version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return DEFAULT_COUNT_SETTINGS;
  const { daily_plan, every_days, daily_cap, recount_over_units } = row.data as CountSettings;
  return { daily_plan, every_days, daily_cap, recount_over_units };
}

/** A user who may be given a count: active (every role counts). */
export async function counterExists(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('user_registry').select('id').where('id', '=', id).where('status', '=', 'active').executeTakeFirst();
  return row !== undefined;
}

export async function usernameOf(db: Executor, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const row = await db.selectFrom('user_registry').select('username').where('id', '=', id).executeTakeFirst();
  return row?.username ?? null;
}

/** A task folded from its stream (contracts' foldCountTask); null before its creation. */
export async function countTaskView(db: Executor, id: number): Promise<CountTaskView | null> {
  const events = await readStream(db, countStreamId(id));
  return events.reduce<CountTaskView | undefined>(foldCountTask, undefined) ?? null;
}

/** A task as a manager reads it: every location's rounds with what was expected, and the variance it settled on. */
export async function countDetail(db: Executor, id: number): Promise<CountTaskDetail | null> {
  const task = await countTaskView(db, id);
  if (!task) return null;
  const users = await usersById(db, [task.assignee_id, task.created_by, ...task.locations.flatMap((l) => [l.last_counted_by, ...l.rounds.map((r) => r.counted_by)])]);
  const user = (uid: number | null) => userOf(users, uid);
  const counts = statusCounts(task.locations);
  return {
    id: task.id,
    status: task.status,
    source: task.source as CountTaskDetail['source'],
    reason: task.reason,
    assignee: user(task.assignee_id),
    due: task.due,
    created_at: task.created_at.toISOString(),
    created_by: user(task.created_by),
    counts: { locations: task.locations.length, ...counts },
    locations: task.locations.map((l) => ({
      location: l.location,
      status: l.status,
      recount_not_by: l.status === 'recount' ? user(l.last_counted_by) : null,
      rounds: l.rounds.map((r) => ({ round: r.round, counted_by: user(r.counted_by), at: r.at, empty: r.empty, lines: r.lines.map((x) => ({ ...x, variance: x.counted - x.expected })) })),
      variance: l.variance,
    })),
  };
}

/** The tasks of a view, newest first: open (a location waits), settled (to approve), done. */
export async function listCounts(db: Db, view: CountView, page: number): Promise<CountList> {
  const base = db.selectFrom('rm_count_tasks').where('status', '=', view);
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(COUNTS_PER_PAGE).offset((page - 1) * COUNTS_PER_PAGE).execute();
  const users = await usersById(db, rows.flatMap((r) => [r.assignee_id, r.created_by]));
  const user = (uid: number | null) => userOf(users, uid);
  return {
    counts: rows.map((r) => ({
      id: r.id,
      status: r.status,
      source: r.source as CountList['counts'][number]['source'],
      reason: r.reason,
      assignee: user(r.assignee_id),
      due: r.due,
      created_at: new Date(r.created_at).toISOString(),
      created_by: user(r.created_by),
      counts: { locations: r.locations, to_count: r.to_count, recount: r.recount, settled: r.settled, approved: r.approved },
    })),
    pagination: pagination(page, COUNTS_PER_PAGE, Number(total)),
  };
}

const MINE_LIMIT = 50;

/** A counter's open tasks (theirs, or no one's), oldest due first, each location with whether it is theirs to count. No quantities. */
export async function myCounts(db: Db, userId: number): Promise<MyCounts> {
  const tasks = await db
    .selectFrom('rm_count_tasks')
    .select(['id', 'reason', 'due', 'assignee_id'])
    .where('status', '=', 'open')
    .where((eb) => eb.or([eb('assignee_id', '=', userId), eb('assignee_id', 'is', null)]))
    .orderBy(sql`due nulls last`)
    .orderBy('id')
    .limit(MINE_LIMIT)
    .execute();
  if (tasks.length === 0) return { counts: [] };
  const locations = await db
    .selectFrom('rm_count_locations')
    .select(['count_id', 'location', 'status', 'last_counted_by'])
    .where('count_id', 'in', tasks.map((t) => t.id))
    .orderBy('count_id')
    .orderBy(sql`location collate "C"`)
    .execute();
  return {
    counts: tasks.map((t) => ({
      id: t.id,
      reason: t.reason,
      due: t.due,
      assigned_to_me: t.assignee_id === userId,
      locations: locations
        .filter((l) => l.count_id === t.id)
        .map((l) => ({
          location: l.location,
          status: l.status === 'to_count' || l.status === 'recount' ? l.status : 'done',
          may_count: l.status === 'to_count' || (l.status === 'recount' && l.last_counted_by !== userId),
        })),
    })),
  };
}

/**
 * The locations today's plan counts: so many that every location comes round within `every_days` (at most
 * `daily_cap`), the longest since counted first (never counted before all), none already in an open count.
 */
export async function dueLocations(db: Executor, settings: CountSettings): Promise<string[]> {
  const { total } = await db
    .selectFrom('location_registry')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('is_active', '=', true)
    .where('type', '!=', 'receiving')
    .executeTakeFirstOrThrow();
  const quota = Math.min(settings.daily_cap, Math.ceil(Number(total) / settings.every_days));
  if (quota === 0) return [];
  const { rows } = await sql<{ code: string }>`
    select l.code
      from location_registry l
      left join rm_count_locations c on c.location = l.code
     where l.is_active and l.type <> 'receiving'
       and not exists (select from count_open_locations o where o.location = l.code)
     group by l.code
     order by max(c.counted_at) nulls first, l.code collate "C"
     limit ${quota}`.execute(db);
  return rows.map((r) => r.code);
}
