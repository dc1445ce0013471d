import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { parseWalPosition } from '@wh/contracts';
import { createDatabase, readingWithFallback, type Database, type DatabaseHandle } from '@wh/db';

// While reads wait for the replica to replay a write, its replay position is read this often (one reading at a time,
// whatever the number of waiting reads).
const POLL_MS = 10;
// An unreachable replica is tried again at most this often; until then reads go to the primary without trying it.
const RETRY_MS = 1000;
// A replica that does not let a connection open within this is taken for unreachable: the read goes to the primary.
const REPLICA_CONNECT_TIMEOUT_MS = 2000;

export interface ReplicaStatus {
  reachable: boolean;
  // Where its replay stands (null: it answers but replays nothing, so it is not a standby).
  replay_position: string | null;
  // Seconds since the primary committed the last transaction it replayed.
  replay_age_seconds: number | null;
}

interface Waiter {
  target: bigint;
  resolve: (reached: boolean) => void;
}

export type ReplicaLog = (level: 'info' | 'warn', message: string) => void;

// A PostgreSQL streaming replica that query routes read from (DATABASE_READ_URL). Read your writes: a read carrying
// the WAL position of a write (X-Read-After) is served by the replica once its replay has passed that position, waiting
// up to `waitMs` for it, else by the primary. A replica that cannot be reached sends reads to the primary until it
// answers again.
export class ReadReplica {
  // Reads on the replica; a connection or statement the replica fails is retried on the primary (readingWithFallback).
  readonly db: Kysely<Database>;
  private readonly handle: DatabaseHandle;
  // The highest replay position read from the replica (null: none read yet, or it is not a standby).
  private replayed: bigint | null = null;
  private down = false;
  private triedAt = 0;
  private probing = false;
  private polling = false;
  private pollTimer: NodeJS.Timeout | null = null;
  private readonly waiters = new Set<Waiter>();
  private positionInFlight: Promise<string | null> | null = null;
  private positionNext: Promise<string | null> | null = null;

  constructor(
    url: string,
    private readonly primary: DatabaseHandle,
    private readonly waitMs: number,
    private readonly log: ReplicaLog = () => {},
  ) {
    this.handle = createDatabase(url, { application: 'warehouse-read', max: 20, connectTimeoutMs: REPLICA_CONNECT_TIMEOUT_MS });
    this.db = readingWithFallback(this.handle.pool, primary.pool, (error) => this.lost(error));
  }

  // The database one read uses: `after` is the WAL position it must see (null: any).
  async readerFor(after: bigint | null): Promise<Kysely<Database>> {
    if (this.down) {
      this.retry();
      return this.primary.db;
    }
    if (after === null || (this.replayed !== null && this.replayed >= after)) return this.db;
    return (await this.replayedPast(after)) ? this.db : this.primary.db;
  }

  // The primary's WAL position now: a command's effect, once projected, is on a replica that has replayed this far.
  // The insert position, not the written one (pg_current_wal_lsn): the projector commits without waiting for the WAL
  // to be flushed, so its last commit may not be written out yet; the replica receives it once the WAL writer flushes
  // it (within wal_writer_delay, 200 ms by default, or at the next synchronous commit).
  // Callers at the same moment share one reading, and every caller gets one begun after it called (a reading already
  // under way may have started before its write was projected). null when the primary does not answer.
  primaryPosition(): Promise<string | null> {
    if (this.positionNext) return this.positionNext;
    if (!this.positionInFlight) return this.readPrimaryPosition();
    this.positionNext = this.positionInFlight.then(() => {
      this.positionNext = null;
      return this.readPrimaryPosition();
    });
    return this.positionNext;
  }

  private readPrimaryPosition(): Promise<string | null> {
    const reading = sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`
      .execute(this.primary.db)
      .then((r) => r.rows[0]?.lsn ?? null, () => null);
    this.positionInFlight = reading;
    void reading.then(() => {
      if (this.positionInFlight === reading) this.positionInFlight = null;
    });
    return reading;
  }

  // The projector commits without waiting for its WAL to be flushed, and the replica receives WAL only once flushed:
  // the WAL writer does it every wal_writer_delay (200 ms by default), which a read after a write then waits through
  // on the replica, or past READ_REPLICA_WAIT_MS reads the primary. Said once at start when the delay is long.
  async advise(): Promise<void> {
    const { rows } = await sql<{ ms: number }>`select setting::int as ms from pg_settings where name = 'wal_writer_delay'`.execute(this.primary.db);
    const ms = rows[0]?.ms ?? 0;
    if (ms > 50) {
      this.log(
        'warn',
        `wal_writer_delay is ${ms} ms on the primary: a read after a write waits up to that long for the read replica (or reads the primary after READ_REPLICA_WAIT_MS, ${this.waitMs} ms). Set it to 10ms on the primary.`,
      );
    }
  }

  // For /api/ready: asks the replica itself (never the primary in its place).
  async status(): Promise<ReplicaStatus> {
    try {
      const { rows } = await sql<{ lsn: string | null; age: number | null }>`
        select pg_last_wal_replay_lsn()::text as lsn,
               extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as age`.execute(this.handle.db);
      const row = rows[0];
      this.answered(row?.lsn ?? null);
      return { reachable: true, replay_position: row?.lsn ?? null, replay_age_seconds: row?.age ?? null };
    } catch (error) {
      this.lost(error);
      return { reachable: false, replay_position: null, replay_age_seconds: null };
    }
  }

  async close(): Promise<void> {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    for (const waiter of this.waiters) waiter.resolve(false);
    await this.db.destroy();
    await this.handle.close();
  }

  private replayedPast(target: bigint): Promise<boolean> {
    if (this.waitMs === 0) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        target,
        resolve: (reached) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => waiter.resolve(false), this.waitMs);
      this.waiters.add(waiter);
      this.poll();
    });
  }

  // Reads the replay position, then again POLL_MS later while reads still wait.
  private poll(): void {
    if (this.polling || this.pollTimer || this.down) return;
    this.polling = true;
    this.replayPosition().then(
      (position) => {
        this.polling = false;
        this.answered(position);
        if (this.waiters.size > 0 && !this.down) {
          this.pollTimer = setTimeout(() => {
            this.pollTimer = null;
            this.poll();
          }, POLL_MS);
        }
      },
      (error: unknown) => {
        this.polling = false;
        this.lost(error);
      },
    );
  }

  private async replayPosition(): Promise<string | null> {
    const { rows } = await sql<{ lsn: string | null }>`select pg_last_wal_replay_lsn()::text as lsn`.execute(this.handle.db);
    return rows[0]?.lsn ?? null;
  }

  // The replica answered with its replay position.
  private answered(lsn: string | null): void {
    if (this.down) {
      this.down = false;
      this.log('info', 'read replica reachable again: queries read from it');
    }
    const position = lsn === null ? null : parseWalPosition(lsn);
    if (position === null) {
      // Not a standby (promoted, or DATABASE_READ_URL names a primary): nothing says what it holds of the primary's
      // writes, so a read that must see one goes to the primary.
      this.replayed = null;
      for (const waiter of this.waiters) waiter.resolve(false);
      return;
    }
    if (this.replayed === null || position > this.replayed) this.replayed = position;
    for (const waiter of this.waiters) if (position >= waiter.target) waiter.resolve(true);
  }

  private lost(error: unknown): void {
    if (!this.down) {
      const reason = error instanceof Error ? error.message : String(error);
      this.log('warn', `read replica unreachable (${reason}): queries read from the primary until it answers`);
    }
    this.down = true;
    this.triedAt = Date.now();
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
    for (const waiter of this.waiters) waiter.resolve(false);
  }

  private retry(): void {
    if (this.probing || Date.now() - this.triedAt < RETRY_MS) return;
    this.probing = true;
    this.triedAt = Date.now();
    this.replayPosition().then(
      (position) => this.answered(position),
      () => {
        this.triedAt = Date.now();
      },
    ).finally(() => {
      this.probing = false;
    });
  }
}
