import pg from 'pg';
import type { Kysely } from 'kysely';
import { CONNECT_TIMEOUT_MS, isDatabaseUnavailable, type Database } from '@wh/db';
import { compareStreamPositions } from '@wh/contracts';
import { BatchFailed, projectBatch, sideAhead, type BatchResult, type Checkpoint } from './batch.ts';
import { clearFault, recordFault } from './health.ts';
import type { Projection } from './projection.ts';
import { catchUpBatch, isTransient, loadStops, recordStop, touchStops } from './stops.ts';

export const PROJECTOR_LOCK_KEY = 7_300_002;
const HELD_BACK_RETRY_MS = 10;
const DEFAULT_BATCH = 500;
// A full batch means a backlog (an upload): the next batch doubles, up to this, so a 50,000-event import is
// projected in tens of transactions rather than a hundred, each multi-row insert covering more rows. Back to the
// small batch once caught up, so a command's event is never queued behind a big one.
const MAX_BATCH = 8000;
// Batches of at least this many events (a backlog) apply the `beside` projections on a second connection. Smaller
// ones, a command's few events, stay on one: a second transaction's statements would cost a command more than the
// parallel work saves.
const BESIDE_FROM = 2000;
// A projection failing on an event is tried again after 1 s, 2 s, 4 s ... up to 30 s: quick to recover from a passing
// cause, and no tight loop of failing transactions and log lines while someone fixes a lasting one.
const FAILURE_BACKOFF = { firstMs: 1000, maxMs: 30_000 };
// A stopped projection is tried again at start (a new release may have fixed it) and then this often: each try that
// fails again costs one failed transaction, and one that succeeds catches it up.
const STOP_RETRY_MS = 60_000;
// Events of its own types per transaction while a stopped projection catches up, the main batch going between two:
// the first is the one event it stopped at (a try that fails again costs one event), then doubling up to this.
const CATCH_UP_BATCH = 2000;

export type LogLevel = 'info' | 'warn' | 'error';

export interface ProjectorOptions {
  databaseUrl: string;
  db: Kysely<Database>;
  projections: readonly Projection[];
  // Names of projections applied on a second connection of `db` beside the others (batch.ts, applyBeside) in big
  // batches: `db` needs two connections free for the projector.
  beside?: ReadonlySet<string>;
  // Events per batch when caught up; grows up to maxBatchSize while a backlog lasts.
  batchSize?: number;
  maxBatchSize?: number;
  // Fallback when a NOTIFY is missed (reconnects, a listener that was down).
  pollMs?: number;
  log?: (level: LogLevel, msg: string, extra?: Record<string, unknown>) => void;
  // The waits between attempts at an event a projection fails on (tests shorten them).
  failureBackoff?: { firstMs: number; maxMs: number };
  // Projections that stop and catch up together because one reads the other's tables (stops.ts): caught up alone,
  // it would read them as they are now rather than as they were at each event.
  together?: readonly (readonly string[])[];
  // How often a stopped projection is tried again after the try at start (tests shorten it).
  stopRetryMs?: number;
  // This projector stopped a projection or one rejoined the others (the in-process watcher reads the stops again
  // before the next batch's commands are answered).
  onStops?: () => void;
  onBatch?: (result: BatchResult) => void;
  // Caught up and waiting for a wake-up or the poll (tests: what is projected after this was woken for).
  onIdle?: () => void;
}

type ProjectorStatus = 'stopped' | 'standby' | 'active';

// Tails the event store. One active instance per database: the holder of a session advisory lock;
// others wait on it and take over when the holder's connection goes away.
export class Projector {
  private status: ProjectorStatus = 'stopped';
  private client: pg.Client | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private pending = false;
  // NOTIFY projection_stops: a rebuild moved the stopped projections' positions.
  private stopsMoved = false;

  constructor(private readonly options: ProjectorOptions) {}

  get state(): ProjectorStatus {
    return this.status;
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  // Events this process has just committed (the command service's appends, which send no NOTIFY: see
  // db/migrations/080): project them now rather than at the next notice or poll.
  poke(): void {
    this.pending = true;
    this.wake?.();
  }

  // Resolves once this instance holds the lock (or stop was called).
  async whenActive(): Promise<void> {
    while (this.status !== 'active' && !this.stopping) await sleep(20);
  }

  private log(level: LogLevel, msg: string, extra?: Record<string, unknown>) {
    this.options.log?.(level, msg, extra);
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.lead();
      } catch (error) {
        const cause = error instanceof BatchFailed ? error.cause : error;
        if (error instanceof ConnectionLost || isDatabaseUnavailable(cause)) {
          this.log('warn', 'projector connection lost; retrying', { error: (error as Error).message });
        } else {
          this.log('error', 'projector failed; retrying', { error: (error as Error).message });
        }
      } finally {
        this.status = 'stopped';
        await this.client?.end().catch(() => {});
        this.client = null;
      }
      if (!this.stopping) await this.idle(1000);
    }
  }

  private async lead(): Promise<void> {
    // Bounded (CONNECT_TIMEOUT_MS): an unanswered attempt would otherwise hold the projector, and its stop, until it gave up.
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: 'warehouse-projector',
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    this.client = client;
    let lost: ConnectionLost | null = null;
    client.on('error', (e) => {
      lost = new ConnectionLost(e.message);
      this.wake?.();
    });
    client.on('end', () => {
      lost ??= new ConnectionLost('connection ended');
      this.wake?.();
    });
    await client.connect();
    this.status = 'standby';
    while (!this.stopping) {
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [PROJECTOR_LOCK_KEY]);
      if (rows[0]?.ok) break;
      await this.idle(this.options.pollMs ?? 1000);
      if (lost) throw lost;
    }
    if (this.stopping) return;
    client.on('notification', (msg) => {
      if (msg.channel === 'projection_stops') this.stopsMoved = true;
      this.pending = true;
      this.wake?.();
    });
    await client.query('listen events');
    await client.query('listen projection_stops');
    this.status = 'active';
    this.log('info', 'projector active');
    const beside = this.options.beside ?? new Set<string>();
    const all = this.options.projections;
    const hasSide = all.some((p) => beside.has(p.name));
    // The projections stopped at an event (stops.ts): the batches leave them out until they have caught up.
    let stopped = new Set((await loadStops(this.options.db)).keys());
    let active = all;
    let main = all;
    let side = all;
    const regroup = () => {
      active = all.filter((p) => !stopped.has(p.name));
      main = active.filter((p) => !beside.has(p.name));
      side = active.filter((p) => beside.has(p.name));
    };
    regroup();
    // A projection with those it stops together with, in the list's order.
    const groupOf = (name: string): Projection[] => {
      const names = new Set([name, ...(this.options.together ?? []).filter((g) => g.includes(name)).flat()]);
      return all.filter((p) => names.has(p.name));
    };
    const stopRetryMs = this.options.stopRetryMs ?? STOP_RETRY_MS;
    // The stopped groups left to try in this round, and when the next round starts (at once: a new release).
    const catching: Projection[][] = [];
    let retryAt = 0;
    let catchLimit = 1;
    const smallest = this.options.batchSize ?? DEFAULT_BATCH;
    const largest = Math.max(smallest, this.options.maxBatchSize ?? MAX_BATCH);
    const backoff = this.options.failureBackoff ?? FAILURE_BACKOFF;
    let limit = smallest;
    // Left ahead by a batch that failed after the side's commit (here or in an instance that held the lock before).
    let besideFirst = hasSide && (await sideAhead(this.options.db));
    // After a failed batch: the last event it held. Batches stay at the halved size until the checkpoint passes it,
    // so a failure is narrowed down to the one event that causes it (a batch of one), whose position is then known.
    let narrowing: Checkpoint | null = null;
    // Failures in a row of that one event: the wait before the next attempt doubles with each.
    let failures = 0;
    // A fault may be on record from before (this instance or another that held the lock): the first batch that
    // commits has got past it.
    let faulted = true;
    while (!this.stopping) {
      if (lost) throw lost;
      this.pending = false;
      if (this.stopsMoved) {
        this.stopsMoved = false;
        stopped = new Set((await loadStops(this.options.db)).keys());
        regroup();
        retryAt = 0;
      }
      // One transaction of a stopped group's catching up, then the main batch: the others never wait for all of it.
      // Not while the side is ahead of the main checkpoint: a side projection would rejoin behind what the side skips.
      if (catching.length === 0 && stopped.size > 0 && performance.now() >= retryAt && !besideFirst) {
        const seen = new Set<string>();
        for (const p of all) {
          if (!stopped.has(p.name) || seen.has(p.name)) continue;
          const group = groupOf(p.name).filter((g) => stopped.has(g.name));
          for (const g of group) seen.add(g.name);
          catching.push(group);
        }
        catchLimit = 1;
      }
      if (catching.length > 0) {
        const group = catching[0]!;
        const names = group.map((p) => p.name);
        let done = false;
        try {
          const caught = await this.options.db.transaction().execute((trx) => catchUpBatch(trx, group, catchLimit));
          if (caught.rejoined.length > 0) {
            for (const name of caught.rejoined) stopped.delete(name);
            regroup();
            this.options.onStops?.();
            this.log('info', 'stopped projection caught up and rejoined the others', { projections: caught.rejoined });
            done = group.every((p) => !stopped.has(p.name));
          } else if (caught.gone) {
            // Its rows went (another projector): read them again.
            stopped = new Set((await loadStops(this.options.db)).keys());
            regroup();
            done = true;
          } else if (caught.count >= catchLimit) {
            catchLimit = Math.min(CATCH_UP_BATCH, catchLimit * 2);
          }
        } catch (error) {
          if (lost) throw lost;
          if (!(error instanceof BatchFailed) || isDatabaseUnavailable(error.cause)) throw error;
          if (error.count > 1) {
            catchLimit = Math.max(1, Math.floor(error.count / 2));
          } else {
            done = true;
            if (isTransient(error.cause)) await touchStops(this.options.db, names);
            else await recordStop(this.options.db, group, error);
            this.log('error', 'stopped projection failed again while catching up; it stays stopped', {
              projections: names,
              error: error.message,
              position: error.first.pos,
              event_type: error.first.type,
              stream_id: error.first.stream,
            });
          }
        }
        if (done) {
          catching.shift();
          catchLimit = 1;
          if (catching.length === 0) retryAt = performance.now() + stopRetryMs;
        }
      }
      let result: BatchResult;
      try {
        // Committed without waiting for the WAL flush (batch.ts, lockAndRead).
        result = await this.options.db.transaction().execute((trx) =>
          side.length > 0 && (besideFirst || limit >= BESIDE_FROM)
            ? projectBatch(trx, main, limit, { db: this.options.db, projections: side })
            : projectBatch(trx, active, limit),
        );
      } catch (error) {
        // A lost connection is not the projection's fault: the run loop reconnects.
        if (lost) throw lost;
        if (!(error instanceof BatchFailed) || isDatabaseUnavailable(error.cause)) throw error;
        besideFirst = hasSide && (await sideAhead(this.options.db));
        narrowing = { tx: error.last.tx, pos: error.last.pos };
        const where = { error: error.message, projection: error.projection };
        if (error.count > 1) {
          limit = Math.max(1, Math.floor(error.count / 2));
          this.log('warn', 'projection failed in a batch; retrying it in smaller batches to find the event', {
            ...where,
            events: error.count,
            from_position: error.first.pos,
            to_position: error.last.pos,
          });
          continue;
        }
        limit = 1;
        // The projection cannot apply this event (not a passing cause): it stops here, alone with those it stops
        // together with, and the next batch is this event again without them.
        if (error.projection !== null && !isTransient(error.cause)) {
          const group = groupOf(error.projection);
          const attempts = await recordStop(this.options.db, group, error);
          for (const p of group) stopped.add(p.name);
          regroup();
          retryAt = Math.max(retryAt, performance.now() + stopRetryMs);
          this.options.onStops?.();
          this.log('error', 'projection stopped at an event it cannot apply; the others go on', {
            ...where,
            stopped: group.map((p) => p.name),
            position: error.first.pos,
            transaction_id: error.first.tx,
            event_type: error.first.type,
            stream_id: error.first.stream,
            attempts,
          });
          continue;
        }
        failures++;
        const retryMs = Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.min(failures - 1, 30));
        const attempts = await recordFault(this.options.db, error);
        faulted = true;
        this.log('error', 'projection failed on an event; retrying', {
          ...where,
          position: error.first.pos,
          transaction_id: error.first.tx,
          event_type: error.first.type,
          stream_id: error.first.stream,
          attempts,
          retry_in_ms: retryMs,
        });
        await this.pause(retryMs, () => lost !== null);
        continue;
      }
      if (faulted) {
        await clearFault(this.options.db, result.checkpoint);
        faulted = false;
        if (failures > 0) this.log('info', 'projection got past the event it failed on', { position: result.checkpoint.pos });
      }
      if (result.count > 0) failures = 0;
      // Until the checkpoint has passed everything the side applied (a batch may be smaller than what it had).
      if (besideFirst) besideFirst = await sideAhead(this.options.db);
      if (narrowing && compareStreamPositions(narrowing, result.checkpoint) <= 0) {
        narrowing = null;
        limit = smallest;
      } else if (!narrowing) {
        limit = result.count >= limit ? Math.min(largest, limit * 2) : smallest;
      }
      if (result.count > 0) {
        this.options.onBatch?.(result);
        continue;
      }
      if (catching.length > 0) continue;
      if (result.heldBack) await this.idle(HELD_BACK_RETRY_MS);
      else if (!this.pending) {
        this.options.onIdle?.();
        await this.idle(this.options.pollMs ?? 1000);
      }
    }
  }

  // Waits `ms` whatever wakes the projector meanwhile (new events): only stop() or a lost connection cut it short.
  private async pause(ms: number, lost: () => boolean): Promise<void> {
    const until = performance.now() + ms;
    for (let left = ms; left > 0 && !this.stopping && !lost(); left = until - performance.now()) await this.idle(left);
  }

  private idle(ms: number): Promise<void> {
    // stop() may land while a batch runs, when there is no wait to cut short: the wait after it must not begin.
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }
}

// The projector's own connection (its lock and its LISTEN) broke.
class ConnectionLost extends Error {}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}
