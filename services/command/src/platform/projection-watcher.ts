import pg from 'pg';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { CONNECT_TIMEOUT_MS, type Database } from '@wh/db';
import { compareStreamPositions, TOPIC_EVERYTHING, TOPIC_SYSTEM, type ReadModelsNotice, type StreamPosition } from '@wh/contracts';

// `readAfter`: with a read replica, the primary's WAL position read after the notice arrived (readAfterFrom).
export type ChangeListener = (notice: ReadModelsNotice, readAfter?: string) => void;

interface Waiter {
  target: StreamPosition;
  resolve: (projected: boolean) => void;
}

const reached = (cp: StreamPosition, target: StreamPosition) => compareStreamPositions(cp, target) >= 0;

// A projection stopped at an event it cannot apply (services/projector stops.ts): its own position, the event types
// it handles and what a command answers when its events are among them.
interface Stop {
  last: StreamPosition;
  types: ReadonlySet<string>;
  reason: string;
}

interface StopRow {
  projection: string;
  tx: string;
  pos: string;
  event_pos: string | null;
  event_type: string | null;
  message: string | null;
  event_types: string[];
}

// The main checkpoint and the stops, in one statement: one snapshot, so a checkpoint past an event a projection
// stopped at comes with that stop (it was recorded before the others went past the event).
const CHECKPOINT_AND_STOPS = sql<{ tx: string; pos: string; stops: StopRow[] }>`
  select c.last_tx::text as tx, c.last_pos::text as pos,
         (select coalesce(json_agg(json_build_object(
                    'projection', s.projection, 'tx', s.last_tx::text, 'pos', s.last_pos::text, 'event_pos', s.event_pos::text,
                    'event_type', s.event_type, 'message', s.message, 'event_types', s.event_types)), '[]')
            from projection_stops s) as stops
    from projector_checkpoints c
   where c.name = 'main'`;

function stopOf(row: StopRow): Stop {
  const reason =
    row.event_pos === null
      ? `The ${row.projection} read model is catching up after a rebuild: this change is recorded but not shown there yet.`
      : `The ${row.projection} read model is stopped at event ${row.event_pos} (${row.event_type ?? 'unknown'}): ${row.message ?? 'unknown error'}. ` +
        'This change is recorded but not shown there until the projection is fixed.';
  return { last: { tx: row.tx, pos: row.pos }, types: new Set(row.event_types), reason };
}

// Listens to NOTIFY read_models: wakes commands waiting for their events to be projected (read your writes)
// and hands every change to the live gateway. Polls the checkpoint while anyone waits, in case a notice is missed.
// Tells the process's caches when to start afresh (onStale).
export class ProjectionWatcher {
  private client: pg.Client | null = null;
  private latest: StreamPosition = { tx: '0', pos: '0' };
  private waiters = new Set<Waiter>();
  private listeners = new Set<ChangeListener>();
  private readAfter: (() => Promise<string | null>) | null = null;
  private poller: NodeJS.Timeout | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly db: Kysely<Database>,
    private readonly log: (msg: string) => void = () => {},
    private readonly timing: { connectTimeoutMs: number; retryMs: number } = { connectTimeoutMs: CONNECT_TIMEOUT_MS, retryMs: 1000 },
  ) {}

  // True while the LISTEN connection is up: notices (and so other instances' user changes) reach this process.
  get listening(): boolean {
    return this.client !== null && this.listenedOn === this.client;
  }
  private listenedOn: pg.Client | null = null;

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    // Bounded (CONNECT_TIMEOUT_MS): the live feed would otherwise be deaf until an unanswered attempt gave up.
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      application_name: 'warehouse-live',
      connectionTimeoutMillis: this.timing.connectTimeoutMs,
    });
    client.on('notification', (msg) => {
      if (msg.channel !== 'read_models' || !msg.payload) return;
      const notice = JSON.parse(msg.payload) as ReadModelsNotice;
      // Before the checkpoint moves: a command answered after a later notice sees the stops this one announced.
      if (notice.topics.includes(TOPIC_SYSTEM) || notice.topics.includes(TOPIC_EVERYTHING)) this.stopsChanged();
      this.advance({ tx: notice.tx, pos: notice.pos });
      // Everything may have changed: caches go first, so that nothing the listeners do reads a stale entry.
      if (notice.topics.includes(TOPIC_EVERYTHING)) this.stale();
      if (!this.readAfter) return this.deliver(notice);
      // Notices keep their order: each reading of the position resolves after the one before it.
      void this.readAfter().then((position) => this.deliver(notice, position ?? undefined));
    });
    client.on('error', () => this.lose(client));
    client.on('end', () => this.lose(client));
    this.client = client;
    try {
      await client.connect();
      await client.query('listen read_models');
    } catch (e) {
      // However the attempt failed (refused, timed out, or connected but LISTEN refused, which ends nothing and so
      // raises no event), it is dropped and tried again.
      this.lose(client);
      throw e;
    }
    this.listenedOn = client;
    // Notices sent while disconnected are lost: whoever caches on the strength of them starts afresh.
    this.stale();
    await this.refresh();
  }

  // The listening connection is gone or never came: another attempt after `retryMs`, until stopped. Each attempt's
  // own client decides, so a late event of an earlier client changes nothing.
  private lose(client: pg.Client): void {
    if (this.closed || this.client !== client) return;
    this.client = null;
    this.listenedOn = null;
    client.end().catch(() => {});
    this.log('live listener lost its connection; reconnecting');
    this.reconnectTimer = setTimeout(() => void this.connect().catch(() => {}), this.timing.retryMs);
  }

  private staleListeners = new Set<() => void>();

  // Called whenever what this process has heard may not cover every change: the LISTEN connection (re)opened
  // (notices sent while it was down are lost) or a notice announced `*`. Whoever caches on the strength of notices
  // empties its cache here.
  onStale(listener: () => void): () => void {
    this.staleListeners.add(listener);
    return () => this.staleListeners.delete(listener);
  }

  private stale(): void {
    for (const listener of this.staleListeners) listener();
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private deliver(notice: ReadModelsNotice, readAfter?: string): void {
    for (const listener of this.listeners) listener(notice, readAfter);
  }

  // With a read replica: every notice reaches the listeners (and so the browsers) with the primary's WAL position
  // read once it arrived, so a screen that reads again on hearing of a change reads data at least that recent. The
  // source shares one reading among the notices that arrive while one is under way (ReadReplica.primaryPosition).
  readAfterFrom(source: () => Promise<string | null>): void {
    this.readAfter = source;
  }

  // The projections stopped at an event, as last read, and the reading under way (stopsChanged).
  private stops: Stop[] = [];
  private stopsRead: Promise<void> = Promise.resolve();

  // The stopped projections changed (a notice on the system topic, or the in-process projector's onStops): read them
  // again. Readings run one after another, and stoppedFor waits for the last one asked for.
  stopsChanged(): void {
    this.stopsRead = this.stopsRead.then(() => this.refresh()).catch(() => {});
  }

  // Why the read models may not show the events of the command that ended at `want`: a message naming a stopped
  // projection that handles one of them and has not applied it; null when there is none (and no query is made).
  async stoppedFor(want: StreamPosition): Promise<string | null> {
    await this.stopsRead;
    const behind = this.stops.filter((s) => !reached(s.last, want));
    if (behind.length === 0) return null;
    const { rows } = await sql<{ event_type: string }>`
      select distinct event_type from events where transaction_id = ${want.tx}::xid8 and global_position <= ${want.pos}::bigint`.execute(this.db);
    return behind.find((s) => rows.some((r) => s.types.has(r.event_type)))?.reason ?? null;
  }

  async waitFor(want: StreamPosition, timeoutMs: number): Promise<boolean> {
    if (reached(this.latest, want)) return true;
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        target: want,
        resolve: (ok) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          if (this.waiters.size === 0) this.stopPolling();
          resolve(ok);
        },
      };
      const timer = setTimeout(() => waiter.resolve(false), timeoutMs);
      this.waiters.add(waiter);
      this.startPolling();
    });
  }

  // A checkpoint this process's own projector has just committed (server.ts): its waiters answer now, not after the
  // NOTIFY's trip through PostgreSQL to the listening connection and its turn on the event loop, a few ms of every
  // command's read-your-writes wait under load. The notice still follows, for the live gateway and the caches.
  projected(checkpoint: StreamPosition): void {
    this.advance({ tx: checkpoint.tx, pos: checkpoint.pos });
  }

  private advance(cp: StreamPosition) {
    if (reached(this.latest, cp)) return;
    this.latest = cp;
    for (const w of this.waiters) if (reached(cp, w.target)) w.resolve(true);
  }

  private reads = 0;
  private stopsFrom = 0;

  private async refresh(): Promise<void> {
    const read = ++this.reads;
    const { rows } = await CHECKPOINT_AND_STOPS.execute(this.db);
    const row = rows[0];
    if (!row) return;
    // A reading that began before the one already taken is older (the poll and stopsChanged overlap).
    if (read > this.stopsFrom) {
      this.stopsFrom = read;
      this.stops = row.stops.map(stopOf);
    }
    this.advance({ tx: row.tx, pos: row.pos });
  }

  private startPolling() {
    this.poller ??= setInterval(() => void this.refresh().catch(() => {}), 250);
  }

  private stopPolling() {
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
  }

  async stop(): Promise<void> {
    this.closed = true;
    this.stopPolling();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    for (const w of this.waiters) w.resolve(false);
    await this.client?.end().catch(() => {});
  }
}
