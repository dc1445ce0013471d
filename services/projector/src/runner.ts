import pg from 'pg';
import type { Kysely } from 'kysely';
import { CONNECT_TIMEOUT_MS, type Database } from '@wh/migrations';
import { projectBatch, sideAhead, type BatchResult } from './batch.ts';
import type { Projection } from './projection.ts';

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
  log?: (msg: string, extra?: Record<string, unknown>) => void;
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
  // migrations/sql/080): project them now rather than at the next notice or poll.
  poke(): void {
    this.pending = true;
    this.wake?.();
  }

  // Resolves once this instance holds the lock (or stop was called).
  async whenActive(): Promise<void> {
    while (this.status !== 'active' && !this.stopping) await sleep(20);
  }

  private log(msg: string, extra?: Record<string, unknown>) {
    this.options.log?.(msg, extra);
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.lead();
      } catch (error) {
        this.log('projector connection lost; retrying', { error: (error as Error).message });
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
    let lost: Error | null = null;
    client.on('error', (e) => {
      lost = e;
      this.wake?.();
    });
    client.on('end', () => {
      lost ??= new Error('connection ended');
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
    client.on('notification', () => {
      this.pending = true;
      this.wake?.();
    });
    await client.query('listen events');
    this.status = 'active';
    this.log('projector active');
    const beside = this.options.beside ?? new Set<string>();
    const main = this.options.projections.filter((p) => !beside.has(p.name));
    const side = this.options.projections.filter((p) => beside.has(p.name));
    const smallest = this.options.batchSize ?? DEFAULT_BATCH;
    const largest = Math.max(smallest, this.options.maxBatchSize ?? MAX_BATCH);
    let limit = smallest;
    // Left ahead by a batch that failed after the side's commit (here or in an instance that held the lock before).
    let besideFirst = side.length > 0 && (await sideAhead(this.options.db));
    while (!this.stopping) {
      if (lost) throw lost;
      this.pending = false;
      // Committed without waiting for the WAL flush (batch.ts, lockAndRead).
      const result = await this.options.db.transaction().execute((trx) =>
        side.length > 0 && (besideFirst || limit >= BESIDE_FROM)
          ? projectBatch(trx, main, limit, { db: this.options.db, projections: side })
          : projectBatch(trx, this.options.projections, limit),
      );
      // Until the checkpoint has passed everything the side applied (a batch may be smaller than what it had).
      if (besideFirst) besideFirst = await sideAhead(this.options.db);
      limit = result.count >= limit ? Math.min(largest, limit * 2) : smallest;
      if (result.count > 0) {
        this.options.onBatch?.(result);
        continue;
      }
      if (result.heldBack) await this.idle(HELD_BACK_RETRY_MS);
      else if (!this.pending) {
        this.options.onIdle?.();
        await this.idle(this.options.pollMs ?? 1000);
      }
    }
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

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}
