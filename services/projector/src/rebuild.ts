import pg from 'pg';
import { Kysely, PostgresDialect, PostgresDriver, sql, type PostgresDialectConfig, type Transaction } from 'kysely';
import { poolOf, READ_MODEL_TABLES, type Database } from '@wh/db';
import { compareStreamPositions, TopicSet, type StoredEvent } from '@wh/contracts';
import { rebuiltPastStops } from './stops.ts';
import { applyEvents, lockAndRead, lockCheckpoint, saveAndNotify, saveCheckpoint, SIDE_CHECKPOINT, type Checkpoint } from './batch.ts';
import type { Projection } from './projection.ts';
import { BACKLOG, copyInto, readEvents, type RebuildWriter } from './rebuild-io.ts';

// Events a batch of the bulk: applied as one, their rows copied while the next batch is applied. Fewer, larger
// batches spare each projection's per-batch statements (order search's above all) (docs/performance.md, "Rebuild").
export const REBUILD_BATCH_SIZE = 20_000;
// Events a batch while catching up with the live projector: its live `apply` path, in transactions as short as the
// live projector's own.
const CATCH_UP_BATCH = 2000;
// Where the new read models are built, and where the old ones go for the moment of the swap.
export const SHADOW_SCHEMA = 'wh_rebuild';
const RETIRED_SCHEMA = 'wh_retired';
// One rebuild at a time on a database: the shadow schema has one name.
const REBUILD_LOCK_KEY = 7_300_003;
// The most a rebuild's end waits to give its lock back before closing its connection (which gives it back too).
const UNLOCK_WAIT_MS = 5000;
// The swap takes every read model's table for itself: it waits this long for the readers in the way, then gives way
// to them (rolls back) and tries again, first after SWAP_RETRY_MS, then after twice as long each time up to
// SWAP_RETRY_MAX_MS, this many times (about two minutes in all: a long report may hold a table that long).
const SWAP_LOCK_MS = 200;
const SWAP_ATTEMPTS = 25;
const SWAP_RETRY_MS = 300;
const SWAP_RETRY_MAX_MS = 5000;

export interface RebuildOptions {
  batchSize?: number;
  // The share of the time the rebuild works, above 0 and at most 1 (the default): after each batch, index build and
  // vacuum it rests for as long as that work took times (1 - pace) / pace, leaving the machine to the queries and the
  // live projector meanwhile.
  pace?: number;
  // How long one attempt at the swap waits for the read models' readers, and how many attempts it makes.
  swapLockMs?: number;
  swapAttempts?: number;
  onProgress?: (applied: number) => void;
  // Each step as it starts (the command line prints them).
  onStep?: (step: RebuildStep) => void;
  onPhases?: (seconds: RebuildPhases) => void;
}

export type RebuildStep = 'replaying' | 'indexing' | 'vacuuming' | 'catching up' | 'swapping';

// Rebuilds every read model from the events beside the live ones, which the live projector keeps current meanwhile:
//
// 1. Empty copies of the read-model tables in the shadow schema (same columns, constraints and index names), on a
//    connection whose search_path puts that schema first: the projections' unqualified table names write the copies,
//    `events` is the live one, and `projector_checkpoints` is the shadow's own (the rebuild's progress).
// 2. The history replayed into them (the rebuilders' bulk path) as read by a read-only snapshot, every statement and
//    COPY committing on its own: a transaction that holds a transaction id holds back this database's projector (it
//    reads below the snapshot's xmin, migration 118), so none of the rebuild's holds one for longer than one COPY or batch.
// 3. Their secondary indexes built (CREATE INDEX CONCURRENTLY, which holds no transaction id while it builds) and the
//    tables vacuumed and analysed, so the planner knows them the moment they are swapped in.
// 4. The events committed since then applied through the live path in short batches, until one batch from the head.
// 5. One short transaction: the live checkpoint row locked (the live projector waits for this transaction only), the
//    last events applied up to the live checkpoint, every table swapped (the live one to a retired schema, the copy
//    into its place), the live checkpoint set to the shadow's and `*` announced. Readers in the way are waited for
//    SWAP_LOCK_MS at most; then the swap gives way and tries again.
//
// A failed rebuild drops the shadow schema; the live tables and checkpoint are as they were.
export async function rebuildReadModels(
  db: Kysely<Database>,
  projections: readonly Projection[],
  options: RebuildOptions = {},
): Promise<{ events: number; checkpoint: Checkpoint }> {
  const pool = poolOf(db);
  if (!pool) throw new Error('rebuildReadModels needs a database made by createDatabase: it takes raw connections from its pool');
  const pace = options.pace ?? 1;
  if (!(pace > 0 && pace <= 1)) throw new Error(`pace must be above 0 and at most 1, not ${pace}`);
  // The rebuild's connection: its search_path, settings and advisory lock are its session's, so it is closed at the
  // end rather than given back to the pool. Its statements, COPYs included, run one after another in the order issued.
  const client = await pool.connect();
  const io = copyInto(client);
  try {
    const { rows } = await io.query<{ locked: boolean; schema: string; path: string }>(
      `select pg_try_advisory_lock($1) as locked, current_schema() as schema, current_setting('search_path') as path`,
      [REBUILD_LOCK_KEY],
    );
    const { locked, schema, path } = rows[0]!;
    if (!locked) throw new Error('another rebuild of the read models is running on this database');
    // Left by a rebuild that died (its process killed): nothing else uses them.
    await io.query(`drop schema if exists ${RETIRED_SCHEMA}, ${SHADOW_SCHEMA} cascade`, []);
    const paths = { live: path, shadow: `${SHADOW_SCHEMA}, ${path}` };
    await io.query(
      // Nothing waits on the rebuild's commits but the rebuild; one core is left to everyone else while it builds an
      // index (parallel workers would take both of a small server's).
      `select set_config('search_path', $1, false), set_config('synchronous_commit', 'off', false),
              set_config('maintenance_work_mem', '512MB', false), set_config('max_parallel_maintenance_workers', '0', false)`,
      [paths.shadow],
    );
    const rebuild = new Rebuild(pool, io, schema, paths, projections, options, pace);
    try {
      return await rebuild.run();
    } catch (e) {
      await io.query(`drop schema if exists ${SHADOW_SCHEMA} cascade`, []).catch(() => {});
      throw e;
    }
  } finally {
    // The lock is given back before the connection closes: the server releases a session's locks only once its
    // backend has exited, after the close is sent, and a rebuild started meanwhile (the next one asked for) would be
    // refused. Bounded: a connection left mid-COPY by a failure would never answer.
    let timer: NodeJS.Timeout | undefined;
    const unlocked = io.query('select pg_advisory_unlock($1)', [REBUILD_LOCK_KEY]).catch(() => {});
    await Promise.race([unlocked, new Promise((r) => (timer = setTimeout(r, UNLOCK_WAIT_MS)))]);
    clearTimeout(timer);
    client.release(true);
  }
}

// Where a rebuild's time went: making the shadow's tables, waiting for the reader (time the apply loop did not hide),
// the batches, the rebuilders' final writes, the index builds, vacuum and analyse, the catch-up, the swap, and the
// rests that pacing took.
export interface RebuildPhases {
  preparing: number;
  waitingForEvents: number;
  applying: number;
  finishing: number;
  indexing: number;
  vacuuming: number;
  catchingUp: number;
  swapping: number;
  resting: number;
}

class Rebuild {
  private readonly phases: RebuildPhases = {
    preparing: 0,
    waitingForEvents: 0,
    applying: 0,
    finishing: 0,
    indexing: 0,
    vacuuming: 0,
    catchingUp: 0,
    swapping: 0,
    resting: 0,
  };
  private t = performance.now();
  private total = 0;
  // The live tables' definitions the copies were made from (signature()).
  private signature = '';
  // Statements on the rebuild's connection in transactions of their own (catch-up and swap)...
  private readonly tx: Kysely<Database>;
  // ... and each committing on its own (the bulk).
  private readonly bulk: Kysely<Database>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly io: RebuildWriter,
    private readonly schema: string,
    private readonly paths: { live: string; shadow: string },
    private readonly projections: readonly Projection[],
    private readonly options: RebuildOptions,
    private readonly pace: number,
  ) {
    const connection = { pool: { connect: async () => ({ query: io.query, release: () => {} }), end: async () => {} } };
    this.tx = new Kysely<Database>({ dialect: new PostgresDialect(connection) });
    this.bulk = new Kysely<Database>({ dialect: new AutocommitDialect(connection) });
  }

  async run(): Promise<{ events: number; checkpoint: Checkpoint }> {
    const { secondary, signature } = await this.prepare();
    this.signature = signature;
    this.lap('preparing');
    this.options.onStep?.('replaying');
    await this.replay();
    this.options.onStep?.('indexing');
    for (const index of secondary) await this.paced('indexing', () => this.io.query(index, []));
    this.options.onStep?.('vacuuming');
    for (const table of READ_MODEL_TABLES) await this.paced('vacuuming', () => this.io.query(`vacuum (analyze) ${qualified(SHADOW_SCHEMA, table)}`, []));
    this.options.onStep?.('catching up');
    await this.catchUp();
    this.options.onStep?.('swapping');
    const checkpoint = await this.swap();
    this.options.onPhases?.(this.phases);
    return { events: this.total, checkpoint };
  }

  private lap(phase: keyof RebuildPhases): void {
    const now = performance.now();
    this.phases[phase] += (now - this.t) / 1000;
    this.t = now;
  }

  // Work, then the rest that pacing asks for after it.
  private async paced<T>(phase: keyof RebuildPhases, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await work();
    this.lap(phase);
    await this.rest(performance.now() - started);
    return result;
  }

  private async rest(workedMs: number): Promise<void> {
    if (this.pace >= 1) return;
    await sleep((workedMs * (1 - this.pace)) / this.pace);
    this.lap('resting');
  }

  // The shadow schema: each read model's table as the live one is (columns, defaults, checks, statistics targets,
  // storage options, grants, and its primary key, unique constraints and unique indexes under their own names),
  // without its other indexes, whose definitions are returned (pointed at the copy) to be built once the rows are in.
  // Refused, before anything is built, if a read-model table has what a copy cannot take over (a trigger, a view on
  // it, a foreign key, a sequence of its own, row security).
  private async prepare(): Promise<{ secondary: string[]; signature: string }> {
    return this.tx.transaction().execute(async (trx) => {
      const tables = READ_MODEL_TABLES as readonly string[];
      const { rows: found } = await sql<{ name: string; problems: string[] }>`
        select c.relname as name, array_remove(array[
                 (select 'trigger ' || string_agg(tgname, ', ') from pg_trigger where tgrelid = c.oid and not tgisinternal),
                 (select 'foreign key ' || string_agg(conname, ', ') from pg_constraint
                   where contype = 'f' and (conrelid = c.oid or confrelid = c.oid)),
                 (select 'view or rule ' || string_agg(distinct r.ev_class::regclass::text, ', ')
                    from pg_depend d join pg_rewrite r on r.oid = d.objid
                   where d.classid = 'pg_rewrite'::regclass and d.refobjid = c.oid and r.ev_class <> c.oid),
                 (select 'sequence ' || string_agg(s.relname, ', ') from pg_depend d join pg_class s on s.oid = d.objid
                   where d.refobjid = c.oid and d.classid = 'pg_class'::regclass and s.relkind = 'S'),
                 case when c.relrowsecurity then 'row security' end
               ], null) as problems
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = ${this.schema} and c.relkind = 'r' and c.relname = any(${tables}::text[])`.execute(trx);
      const missing = tables.filter((t) => !found.some((f) => f.name === t));
      if (missing.length > 0) throw new Error(`read-model tables missing from schema ${this.schema}: ${missing.join(', ')}`);
      const refused = found.filter((f) => f.problems.length > 0).map((f) => `${f.name} (${f.problems.join('; ')})`);
      if (refused.length > 0) throw new Error(`a rebuild cannot carry these over to the new read models: ${refused.join(', ')}`);

      await sql`create schema ${sql.id(SHADOW_SCHEMA)}`.execute(trx);
      // The rebuild's progress: the shadow's own checkpoint row, found by the batch code through the search_path.
      await sql`create table ${sql.id(SHADOW_SCHEMA, 'projector_checkpoints')} (like ${sql.id(this.schema, 'projector_checkpoints')} including all)`.execute(trx);
      await sql`insert into ${sql.id(SHADOW_SCHEMA, 'projector_checkpoints')} (name) values ('main')`.execute(trx);
      for (const table of tables) {
        await sql`create table ${sql.id(SHADOW_SCHEMA, table)} (like ${sql.id(this.schema, table)} including all excluding indexes)`.execute(trx);
      }
      // What LIKE leaves behind, as statements on the copies.
      const { rows: copied } = await sql<{ statement: string }>`
        with t as (
          select c.oid, c.relname, c.relowner, c.reloptions, c.relacl from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = ${this.schema} and c.relkind = 'r' and c.relname = any(${tables}::text[]))
        select format('alter table %I.%I alter column %I set statistics %s', ${SHADOW_SCHEMA}::text, t.relname, a.attname, a.attstattarget) as statement
          from t join pg_attribute a on a.attrelid = t.oid
         where a.attnum > 0 and not a.attisdropped and a.attstattarget >= 0
        union all
        select format('alter table %I.%I set (%s)', ${SHADOW_SCHEMA}::text, t.relname, array_to_string(t.reloptions, ', '))
          from t where t.reloptions is not null
        union all
        select format('grant %s on %I.%I to %s%s', g.privilege_type, ${SHADOW_SCHEMA}::text, t.relname,
                      case when g.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(g.grantee)) end,
                      case when g.is_grantable then ' with grant option' else '' end)
          from t cross join lateral aclexplode(t.relacl) g where g.grantee <> t.relowner
        union all
        select format('alter table %I.%I add constraint %I %s', ${SHADOW_SCHEMA}::text, t.relname, k.conname, pg_get_constraintdef(k.oid))
          from t join pg_constraint k on k.conrelid = t.oid where k.contype in ('p', 'u', 'x')`.execute(trx);
      for (const { statement } of copied) await sql.raw(statement).execute(trx);
      // Indexes that belong to no constraint: unique ones now (upserts rely on them), the others after the rows.
      const { rows: indexes } = await sql<{ table: string; name: string; unique: boolean; definition: string; prefix: string }>`
        select t.relname as table, c.relname as name, i.indisunique as unique, pg_get_indexdef(i.indexrelid) as definition,
               format('CREATE %sINDEX %I ON %I.%I USING ', case when i.indisunique then 'UNIQUE ' end, c.relname, n.nspname, t.relname) as prefix
          from pg_index i
          join pg_class c on c.oid = i.indexrelid
          join pg_class t on t.oid = i.indrelid
          join pg_namespace n on n.oid = t.relnamespace
         where n.nspname = ${this.schema} and t.relname = any(${tables}::text[])
           and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
         order by t.relname, c.relname`.execute(trx);
      const secondary: string[] = [];
      for (const index of indexes) {
        if (!index.definition.startsWith(index.prefix)) throw new Error(`unexpected definition of index ${index.name}: ${index.definition}`);
        const rest = index.definition.slice(index.prefix.length);
        const target = `${pg.escapeIdentifier(index.name)} on ${qualified(SHADOW_SCHEMA, index.table)} using ${rest}`;
        if (index.unique) await sql.raw(`create unique index ${target}`).execute(trx);
        else secondary.push(`create index concurrently ${target}`);
      }
      return { secondary, signature: await this.signatureOfLive(trx) };
    });
  }

  // The live read-model tables' columns, constraints and indexes, as one digest: a migration that changes them while
  // the rebuild runs makes the copies wrong, and the swap refuses them.
  private async signatureOfLive(trx: Transaction<Database>): Promise<string> {
    const { rows } = await sql<{ digest: string }>`
      with t as (
        select c.oid, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = ${this.schema} and c.relkind = 'r' and c.relname = any(${READ_MODEL_TABLES as readonly string[]}::text[]))
      select md5(coalesce(string_agg(line, E'\n' order by line), '')) as digest from (
        select concat_ws(' ', t.relname, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, a.attstattarget,
                         pg_get_expr(d.adbin, d.adrelid)) as line
          from t join pg_attribute a on a.attrelid = t.oid
          left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
         where a.attnum > 0 and not a.attisdropped
        union all
        select concat_ws(' ', t.relname, k.conname, pg_get_constraintdef(k.oid)) from t join pg_constraint k on k.conrelid = t.oid
        union all
        select pg_get_indexdef(i.indexrelid) from t join pg_index i on i.indrelid = t.oid) lines`.execute(trx);
    return rows[0]!.digest;
  }

  // The history into the empty copies through the rebuilders, as far as a snapshot of the events taken now reaches;
  // the shadow's checkpoint is left at the last event applied.
  private async replay(): Promise<void> {
    const { io } = this;
    const rebuilders = this.projections.map((p) => ({ ...p, ...(p.rebuilder?.(io) ?? { finish: async () => {} }) }));
    const reader = readEvents(this.pool, this.options.batchSize ?? REBUILD_BATCH_SIZE);
    // Paced, a batch's rows are written before the rest, so the rest leaves the server alone too.
    const backlog = this.pace < 1 ? 0 : BACKLOG;
    let cp: Checkpoint = { tx: '0', pos: '0' };
    try {
      await this.bulk.transaction().execute(async (trx) => {
        let next = prefetch(reader);
        for (;;) {
          const batch = await next;
          this.lap('waitingForEvents');
          if (batch.done) break;
          next = prefetch(reader);
          const started = performance.now();
          const events = batch.value;
          await applyEvents(trx, rebuilders, events, new TopicSet());
          // The rows this batch gathered are written while the next batch is applied; a backlog past the limit (the
          // server slower than this process) is waited for, so memory stays bounded. Waiting for a macrotask lets the
          // socket take the rows sent so far and the reader's stream fill.
          await io.backlog(backlog);
          await new Promise(setImmediate);
          this.lap('applying');
          cp = lastOf(events);
          this.total += events.length;
          this.options.onProgress?.(this.total);
          await this.rest(performance.now() - started);
        }
        io.flush();
        for (const r of rebuilders) {
          await r.finish(trx);
          io.flush();
        }
        await io.settled();
        await saveCheckpoint(trx, cp);
        this.lap('finishing');
      });
    } catch (e) {
      throw io.failure ?? e;
    } finally {
      await reader.return(undefined);
    }
  }

  // The events committed since the snapshot, through the live path, batch after batch until a batch comes back short:
  // the copies are then within a batch of the head of the log.
  private async catchUp(): Promise<void> {
    for (;;) {
      const count = await this.paced('catchingUp', () => this.tx.transaction().execute((trx) => this.applyNext(trx)));
      this.total += count;
      this.options.onProgress?.(this.total);
      if (count < CATCH_UP_BATCH) return;
    }
  }

  // The next batch after the shadow's checkpoint, applied to the copies; how many events it held.
  private async applyNext(trx: Transaction<Database>): Promise<number> {
    const { events } = await lockAndRead(trx, CATCH_UP_BATCH);
    if (events.length === 0) return 0;
    await applyEvents(trx, this.projections, events, new TopicSet());
    await saveCheckpoint(trx, lastOf(events));
    return events.length;
  }

  private async swap(): Promise<Checkpoint> {
    const attempts = this.options.swapAttempts ?? SWAP_ATTEMPTS;
    let checkpoint: Checkpoint;
    for (let attempt = 1; ; attempt++) {
      try {
        const swapped = await this.tx.transaction().execute((trx) => this.swapIn(trx));
        this.lap('swapping');
        this.total += swapped.applied;
        checkpoint = swapped.checkpoint;
        break;
      } catch (e) {
        this.lap('swapping');
        if (!gaveWay(e)) throw e;
        if (attempt >= attempts) {
          const reason = e instanceof Error ? e.message : String(e);
          throw new Error(`the new read models were not swapped in: readers held their tables through ${attempts} attempts (${reason})`, { cause: e });
        }
        await sleep(Math.min(SWAP_RETRY_MAX_MS, SWAP_RETRY_MS * 2 ** (attempt - 1)));
        this.lap('resting');
      }
    }
    // The old tables, once their last readers are done with them (queries that began before the swap); no new query
    // finds them by name.
    try {
      await this.io.query(`drop schema ${RETIRED_SCHEMA}, ${SHADOW_SCHEMA} cascade`, []);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      throw new Error(`the new read models are in place, but the old ones were not dropped (the next rebuild drops them): ${reason}`, { cause: e });
    }
    this.lap('swapping');
    return checkpoint;
  }

  private async swapIn(trx: Transaction<Database>): Promise<{ checkpoint: Checkpoint; applied: number }> {
    await searchPath(trx, this.paths.live);
    const live = await lockCheckpoint(trx);
    await searchPath(trx, this.paths.shadow);
    let applied = 0;
    let cp = await lockCheckpoint(trx);
    while (compareStreamPositions(cp, live) < 0) {
      const n = await this.applyNext(trx);
      if (n === 0) throw new Error('the rebuild cannot reach the live checkpoint');
      applied += n;
      cp = await lockCheckpoint(trx);
    }
    const tables = READ_MODEL_TABLES.map((t) => sql.id(this.schema, t));
    await sql`select set_config('statement_timeout', ${`${this.options.swapLockMs ?? SWAP_LOCK_MS}ms`}, true)`.execute(trx);
    await sql`lock table ${sql.join(tables)} in access exclusive mode`.execute(trx);
    await sql`set local statement_timeout to default`.execute(trx);
    if ((await this.signatureOfLive(trx)) !== this.signature) {
      throw new Error('the read-model tables changed while the rebuild ran (a migration?): the new ones do not match them; run the rebuild again');
    }
    await sql`create schema ${sql.id(RETIRED_SCHEMA)}`.execute(trx);
    for (const table of READ_MODEL_TABLES) await sql`alter table ${sql.id(this.schema, table)} set schema ${sql.id(RETIRED_SCHEMA)}`.execute(trx);
    for (const table of READ_MODEL_TABLES) await sql`alter table ${sql.id(SHADOW_SCHEMA, table)} set schema ${sql.id(this.schema)}`.execute(trx);
    await searchPath(trx, this.paths.live);
    await saveAndNotify(trx, cp, new TopicSet().add({ kind: 'everything' }));
    // The projections applied beside the main batch are exactly as far as the others in the new tables.
    await saveCheckpoint(trx, cp, SIDE_CHECKPOINT);
    // Every projection, a stopped one too, has applied every event up to cp in the new tables.
    await rebuiltPastStops(trx, cp);
    return { checkpoint: cp, applied };
  }
}

// The swap gave way to readers (its lock wait ran out, or it was chosen to break a deadlock with one).
function gaveWay(e: unknown): boolean {
  const code = (e as { code?: string } | null)?.code;
  return code === '57014' || code === '55P03' || code === '40P01';
}

async function searchPath(trx: Transaction<Database>, path: string): Promise<void> {
  await sql`select set_config('search_path', ${path}, true)`.execute(trx);
}

function qualified(schema: string, table: string): string {
  return `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)}`;
}

function lastOf(events: readonly StoredEvent[]): Checkpoint {
  const last = events[events.length - 1]!;
  return { tx: last.transaction_id, pos: last.global_position };
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

// The reader's next batch, asked for now so it streams in meanwhile; a failure surfaces where it is awaited.
function prefetch(reader: AsyncGenerator<StoredEvent[]>): Promise<IteratorResult<StoredEvent[]>> {
  const next = reader.next();
  next.catch(() => {});
  return next;
}

// Kysely's transactions without BEGIN and COMMIT: each statement commits on its own. For the bulk of a rebuild,
// whose copies nothing reads before the swap (a failed rebuild drops them), so that no statement of it holds a
// transaction id for longer than itself.
class AutocommitDriver extends PostgresDriver {
  override async beginTransaction(): Promise<void> {}
  override async commitTransaction(): Promise<void> {}
  override async rollbackTransaction(): Promise<void> {}
}

class AutocommitDialect extends PostgresDialect {
  constructor(private readonly settings: PostgresDialectConfig) {
    super(settings);
  }

  override createDriver(): PostgresDriver {
    return new AutocommitDriver(this.settings);
  }
}
