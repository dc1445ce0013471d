import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { parseWalPosition, READ_AFTER_HEADER, READ_AFTER_INVALID } from '@wh/contracts';
import type { Database } from '@wh/db';
import { SessionCache } from './auth.ts';
import type { Config } from './config.ts';
import type { AppendResult } from './event-store.ts';
import type { ProjectionWatcher } from './projection-watcher.ts';
import type { FilePool } from './file-pool.ts';
import { badRequest } from './errors.ts';
import type { ReadReplica } from './read-replica.ts';

// What feature plugins get from the app: configuration, the database, the clock and read-your-writes.
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  watcher: ProjectionWatcher;
  now: () => Date;
  // Signed-in sessions seen in the last second (auth.ts): cleared by every user command, every `users` or `*`
  // notice and every (re)connection of the notice listener.
  sessionCache: SessionCache;
  // Reads uploaded files and writes exports off the event loop (worker threads).
  files: FilePool;
  // Waits (bounded) until the projector has passed the command's last event. `events`: how many were written,
  // when a bulk write (an upload) gives the projector more than a command's worth of work. With a read replica the
  // answer also carries `read_after`, the primary's WAL position once projected, for the client's next reads. A
  // projection stopped at an event (services/projector stops.ts) that handles the command's events makes the answer
  // `projected: false` with `projection_stopped` saying which and why, as soon as the others have projected it.
  afterCommit(
    append: AppendResult | null,
    options?: { events?: number },
  ): Promise<{ position?: string; projected?: boolean; projection_stopped?: string; read_after?: string }>;
  // The database a query route (a GET reading read models, reports, exports) reads: the read replica when there is
  // one (DATABASE_READ_URL) and it answers, and, for a request whose X-Read-After names a write, once it has replayed
  // past that write (waiting up to READ_REPLICA_WAIT_MS); else `db`, the primary. Commands, sessions, idempotency and
  // sign-in limits always use `db`. A malformed X-Read-After is a 400.
  reader(request: Pick<FastifyRequest, 'headers'>): Promise<Kysely<Database>>;
  replica: ReadReplica | null;
}

// The X-Read-After header as a WAL position; null when absent.
function readAfterOf(value: string | string[] | undefined): bigint | null {
  if (value === undefined) return null;
  const position = typeof value === 'string' ? parseWalPosition(value.trim()) : null;
  if (position === null) throw badRequest(READ_AFTER_INVALID, [{ field: 'X-Read-After', message: READ_AFTER_INVALID }]);
  return position;
}

// A bulk write waits this much longer per event, up to BULK_WAIT_CAP_MS: a 100,000-row order file takes the
// projector several seconds, and answering `projected: false` after the command timeout left the uploader
// with a list that did not show the file yet.
export const BULK_WAIT_PER_EVENT_MS = 0.5;
const BULK_WAIT_CAP_MS = 60_000;

export function readYourWritesTimeout(config: Config, events = 1): number {
  const base = config.READ_YOUR_WRITES_TIMEOUT_MS;
  return Math.max(base, Math.min(BULK_WAIT_CAP_MS, base + Math.max(0, events - 1) * BULK_WAIT_PER_EVENT_MS));
}

export function createAppContext(
  config: Config,
  db: Kysely<Database>,
  watcher: ProjectionWatcher,
  now: () => Date,
  files: FilePool,
  replica: ReadReplica | null = null,
): AppContext {
  const sessionCache = new SessionCache(() => watcher.listening);
  watcher.onStale(() => sessionCache.clear());
  watcher.onChange((notice) => {
    if (notice.topics.some((t) => t === 'users' || t.startsWith('user:'))) sessionCache.clear();
  });
  return {
    config,
    db,
    watcher,
    now,
    sessionCache,
    files,
    replica,
    async afterCommit(append, options) {
      if (!append) return {};
      const projected = await watcher.waitFor(append, readYourWritesTimeout(config, options?.events));
      // The others have gone past a projection stopped at an event: the checkpoint says nothing about its tables.
      const stopped = await watcher.stoppedFor(append);
      const readAfter = replica ? await replica.primaryPosition() : null;
      return {
        position: append.pos,
        projected: projected && stopped === null,
        ...(stopped ? { projection_stopped: stopped } : {}),
        ...(readAfter ? { read_after: readAfter } : {}),
      };
    },
    async reader(request) {
      const after = readAfterOf(request.headers[READ_AFTER_HEADER]);
      return replica ? replica.readerFor(after) : db;
    },
  };
}
