import type { Kysely } from 'kysely';
import type { Database } from '@wh/db';
import { SessionCache } from './auth.ts';
import type { Config } from './config.ts';
import type { AppendResult } from './event-store.ts';
import type { ProjectionWatcher } from './projection-watcher.ts';
import type { FilePool } from './file-pool.ts';

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
  // when a bulk write (an upload) gives the projector more than a command's worth of work.
  afterCommit(append: AppendResult | null, options?: { events?: number }): Promise<{ position?: string; projected?: boolean }>;
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
    async afterCommit(append, options) {
      if (!append) return {};
      const projected = await watcher.waitFor(append, readYourWritesTimeout(config, options?.events));
      return { position: append.pos, projected };
    },
  };
}
