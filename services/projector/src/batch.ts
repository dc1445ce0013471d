import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { toStoredEvent, type Database, type EventRow } from '@wh/db';
import { compareStreamPositions, TOPIC_EVERYTHING, TopicSet, type ReadModelsNotice, type StoredEvent, type StreamPosition } from '@wh/contracts';
import type { Projection } from './projection.ts';
import { executePrepared } from './write-together.ts';

export const CHECKPOINT = 'main';
// How far the projections applied beside the main batch (applyBeside) have got: at or past CHECKPOINT, ahead
// of it only when the side's transaction committed and the main one then failed.
export const SIDE_CHECKPOINT = 'side';
const NOTIFY_LIMIT = 7000;

// The position of the last event the projections applied.
export type Checkpoint = StreamPosition;

export async function lockCheckpoint(trx: Transaction<Database>, name = CHECKPOINT): Promise<Checkpoint> {
  // FOR UPDATE serialises every writer of the read models (a second projector, a rebuild) on this row.
  const row = await trx
    .selectFrom('projector_checkpoints')
    .select([sql<string>`last_tx::text`.as('tx'), 'last_pos'])
    .where('name', '=', name)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { tx: row.tx, pos: row.last_pos };
}

export async function applyEvents(
  trx: Transaction<Database>,
  projections: readonly Projection[],
  events: readonly StoredEvent[],
  topics: TopicSet,
): Promise<void> {
  // Each projection's events in one pass over the batch, not a filter a projection: a rebuild hands over millions.
  const mine = projections.map((): StoredEvent[] => []);
  const byType = new Map<string, StoredEvent[][]>();
  for (const e of events) {
    let lists = byType.get(e.type);
    if (!lists) {
      lists = [];
      for (let i = 0; i < projections.length; i++) if (projections[i]!.handles.has(e.type)) lists.push(mine[i]!);
      byType.set(e.type, lists);
    }
    for (const list of lists) list.push(e);
  }
  for (let i = 0; i < projections.length; i++) {
    if (mine[i]!.length === 0) continue;
    try {
      await projections[i]!.apply(trx, mine[i]!, topics);
    } catch (error) {
      throw new ProjectionError(projections[i]!.name, error);
    }
  }
}

// A projection's apply threw: which projection, for the log and /api/ready.
export class ProjectionError extends Error {
  constructor(
    readonly projection: string,
    cause: unknown,
  ) {
    super(`projection ${projection}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export async function saveCheckpoint(trx: Transaction<Database>, cp: Checkpoint, name = CHECKPOINT): Promise<void> {
  await trx
    .updateTable('projector_checkpoints')
    .set({ last_tx: cp.tx, last_pos: cp.pos, updated_at: new Date() })
    .where('name', '=', name)
    .execute();
}

// NOTIFY payloads are capped at 8000 bytes: drop per-item topics covered by their family, then fall back to '*'.
export function compactTopics(topics: string[]): string[] {
  if (JSON.stringify(topics).length < NOTIFY_LIMIT) return topics;
  const families = new Set(topics.filter((t) => !t.includes(':')));
  const kept = topics.filter((t) => {
    const [kind] = t.split(':');
    return !t.includes(':') || !families.has(`${kind}s`);
  });
  return JSON.stringify(kept).length < NOTIFY_LIMIT ? kept : [TOPIC_EVERYTHING];
}

export interface BatchResult {
  count: number;
  checkpoint: Checkpoint;
  topics: string[];
  // Committed events exist past the checkpoint but an older transaction of this database (or one not known to be
  // another's) is still in progress: they become readable as soon as it ends, and no new NOTIFY will say so.
  heldBack: boolean;
}

// Events after the checkpoint whose transactions can no longer commit behind us: below the snapshot's xmin, or, when
// nothing below it is left to read while committed events wait beyond it, below `events_horizon()` (migration 118),
// which passes over transactions in progress in the server's other databases. The xmin is the first try because it
// costs nothing, and it holds back only while such a transaction is open; the horizon reads pg_locks.
// Ordering by position alone would skip an event whose transaction took a lower position and committed later.
// The ORDER BYs name the table's columns: bare `transaction_id` would be the text alias of the select list, which
// sorts '10' before '9' (a batch straddling such a boundary checkpoints past events it has not applied) and
// cannot use events_tx_position (each batch would sort the whole table).
//
// The checkpoint locked, asynchronous commit set and the events after it read, in one statement: a batch is a
// command's read-your-writes wait, and each of its round trips waits its turn on the service's event loop, which at
// 500 commands a second is busy with them (docs/performance.md, "Commands"). The same rows as lockCheckpoint then a
// separate read would give: FOR UPDATE in the CTE waits for another holder of the row (a rebuild) and then
// returns the row as that holder committed it; the events are read with this statement's snapshot, which may be
// older than the lock's, and every event below its xmin had committed when it was taken, so they are the same
// prefix of the log. Asynchronous commit because read models are derived: a batch lost in a crash before its WAL
// reaches disk takes its checkpoint with it and is projected again from the events, and waiting for the flush costs as
// much as the batch itself under load. `past` (committed events beyond the snapshot's xmin, see heldBack) is only
// asked for when no event was read, and as the first row in events_tx_position's order: an EXISTS lets the planner
// scan the table from its start in the hope of an early match, and with nothing past the checkpoint (a projector
// that has caught up) that reads the whole event log.
export async function lockAndRead(trx: Transaction<Database>, limit: number): Promise<{ cp: Checkpoint; events: StoredEvent[]; past: boolean }> {
  const below = await lockAndReadBelow(trx, limit, sql`pg_snapshot_xmin(pg_current_snapshot())`);
  return below.past ? lockAndReadBelow(trx, limit, sql`events_horizon()`) : below;
}

async function lockAndReadBelow(
  trx: Transaction<Database>,
  limit: number,
  bound: RawBuilder<unknown>,
): Promise<{ cp: Checkpoint; events: StoredEvent[]; past: boolean }> {
  const { rows } = await executePrepared<EventRow & { cp_tx: string; cp_pos: string; past: boolean | null }>(
    trx,
    sql`
        with cp as (
          select last_tx, last_pos, set_config('synchronous_commit', 'off', true) as async_commit, ${bound} as bound
            from projector_checkpoints
           where name = ${CHECKPOINT}
             for update)
        select cp.last_tx::text as cp_tx, cp.last_pos as cp_pos,
               case when e.global_position is null
                    then (select true from events x where (x.transaction_id, x.global_position) > (cp.last_tx, cp.last_pos)
                           order by x.transaction_id, x.global_position limit 1)
               end as past,
               e.event_type, e.schema_version, e.data, e.stream_id, e.stream_version, e.global_position, e.transaction_id::text as transaction_id,
               e.metadata, e.recorded_at
          from cp
          left join lateral (
            select event_type, schema_version, data, stream_id, stream_version, global_position, transaction_id, metadata, recorded_at
              from events
             where events.transaction_id < cp.bound
               and (events.transaction_id, events.global_position) > (cp.last_tx, cp.last_pos)
             order by events.transaction_id, events.global_position
             limit ${limit}) e on true
         order by e.transaction_id, e.global_position`,
  );
  const first = rows[0];
  if (!first) throw new Error(`no projector checkpoint '${CHECKPOINT}'`);
  const cp = { tx: first.cp_tx, pos: first.cp_pos };
  if (first.global_position === null) return { cp, events: [], past: first.past === true };
  return { cp, events: rows.map((row) => readable(cp, row)), past: false };
}

// An event this release cannot read (a newer release's type or version) fails the batch at that event, as a
// projection failing on it does: the events before it are projected, the fault is recorded (/api/ready) and retried,
// and the projector gets past it once it runs a release that knows it. Skipping it would lose it for good.
function readable(cp: Checkpoint, row: EventRow): StoredEvent {
  try {
    return toStoredEvent(row);
  } catch (error) {
    throw new BatchFailed(cp, [{ tx: row.transaction_id, pos: row.global_position, type: row.event_type, stream: row.stream_id }], error);
  }
}

// The checkpoint moved and the change announced in one statement, for the same reason. The notice is delivered at
// commit, so listeners only hear about what they can already read.
export async function saveAndNotify(trx: Transaction<Database>, cp: Checkpoint, topics: TopicSet): Promise<void> {
  const notice: ReadModelsNotice = { tx: cp.tx, pos: cp.pos, topics: compactTopics([...topics]) };
  await executePrepared(
    trx,
    sql`
      with saved as (
        update projector_checkpoints set last_tx = ${cp.tx}::xid8, last_pos = ${cp.pos}::bigint, updated_at = now()
         where name = ${CHECKPOINT}
        returning 1)
      select pg_notify('read_models', ${JSON.stringify(notice)}) from saved`,
  );
}

// One batch: read, apply, checkpoint, notify, all in the caller's transaction (committed asynchronously, see
// lockAndRead); with `side`, its projections are applied on a second connection at the same time (applyBeside).
export async function projectBatch(
  trx: Transaction<Database>,
  projections: readonly Projection[],
  limit: number,
  side?: Side,
): Promise<BatchResult> {
  const { cp, events, past: heldBack } = await lockAndRead(trx, limit);
  if (events.length === 0) return { count: 0, checkpoint: cp, topics: [], heldBack };
  const topics = new TopicSet();
  const last = events[events.length - 1]!;
  const next = { tx: last.transaction_id, pos: last.global_position };
  try {
    if (side) await applyBeside(trx, projections, side, events, next, topics);
    else await applyEvents(trx, projections, events, topics);
    await saveAndNotify(trx, next, topics);
  } catch (error) {
    throw new BatchFailed(cp, events.map(refOf), error);
  }
  return { count: events.length, checkpoint: next, topics: [...topics], heldBack: false };
}

// Where an event sits in the store, and what it is: enough to find it again and to say which one failed.
export interface EventRef {
  tx: string;
  pos: string;
  type: string;
  stream: string;
}

const refOf = (e: StoredEvent): EventRef => ({ tx: e.transaction_id, pos: e.global_position, type: e.type, stream: e.stream_id });

// A batch read and then not committed: the events it held, so that the runner can narrow the failure down to one
// event (a batch of one), and the checkpoint it started from.
export class BatchFailed extends Error {
  readonly count: number;
  readonly first: EventRef;
  readonly last: EventRef;
  // The projection whose apply threw, when one did (not the checkpoint's save, say).
  readonly projection: string | null;

  constructor(
    readonly checkpoint: Checkpoint,
    events: readonly EventRef[],
    error: unknown,
  ) {
    const cause = error instanceof ProjectionError ? error.cause : error;
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.count = events.length;
    this.first = events[0]!;
    this.last = events[events.length - 1]!;
    this.projection = error instanceof ProjectionError ? error.projection : null;
  }
}

// The side's projections have applied events past the main checkpoint (its transaction committed, the main one then
// failed): until a batch beside passes them, a one-connection batch would apply them twice.
export async function sideAhead(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ ahead: boolean }>`
    select (s.last_tx, s.last_pos) > (m.last_tx, m.last_pos) as ahead
      from projector_checkpoints s, projector_checkpoints m
     where s.name = ${SIDE_CHECKPOINT} and m.name = ${CHECKPOINT}`.execute(db);
  return rows[0]?.ahead ?? false;
}

function past(e: StoredEvent, cp: Checkpoint): boolean {
  return compareStreamPositions({ tx: e.transaction_id, pos: e.global_position }, cp) > 0;
}

// Projections applied beside the caller's transaction, on a second connection of `db`.
export interface Side {
  db: Kysely<Database>;
  projections: readonly Projection[];
}

// `side`'s projections applied at the same time as `main`'s, on a second connection: one transaction uses one
// backend, so a batch's statements run one after another on one core, and once an upload's append has finished the
// other core would be idle (a 50,000-order upload's projection is several CPU-seconds of inserts). The side's projections
// must read and write only their own tables (audit, its user names and order search do). PostgreSQL cannot commit
// two transactions as one, so the side commits first, with its own checkpoint row: if the main transaction then
// fails, the batch is read again and the side skips what it had applied (its tables are ahead of the checkpoint until
// the main transaction commits, never behind). The topics of those skipped events are unknown to the retry, so such a
// batch announces everything ('*'). Only while the caller holds the main checkpoint's row lock: no other projector or
// rebuild writes beside it.
async function applyBeside(
  trx: Transaction<Database>,
  main: readonly Projection[],
  side: Side,
  events: readonly StoredEvent[],
  next: Checkpoint,
  topics: TopicSet,
): Promise<void> {
  const sideTopics = new TopicSet();
  const besides = side.db.transaction().execute(async (sideTrx) => {
    await sql`set local synchronous_commit = off`.execute(sideTrx);
    await sql`insert into projector_checkpoints (name) values (${SIDE_CHECKPOINT}) on conflict (name) do nothing`.execute(sideTrx);
    const done = await lockCheckpoint(sideTrx, SIDE_CHECKPOINT);
    const mine = events.filter((e) => past(e, done));
    if (mine.length < events.length) sideTopics.add({ kind: 'everything' });
    if (mine.length === 0) return;
    await applyEvents(sideTrx, side.projections, mine, sideTopics);
    await saveCheckpoint(sideTrx, next, SIDE_CHECKPOINT);
  });
  const [own, beside] = await Promise.allSettled([applyEvents(trx, main, events, topics), besides]);
  if (own.status === 'rejected') throw own.reason;
  if (beside.status === 'rejected') throw beside.reason;
  topics.addWire(sideTopics);
}
