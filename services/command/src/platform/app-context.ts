import type { Kysely } from 'kysely';
import type { Database } from '@wh/migrations';
import type { Config } from './config.ts';
import type { AppendResult } from './event-store.ts';
import type { ProjectionWatcher } from './projection-watcher.ts';

// What feature plugins get from the app: configuration, the database, the clock and read-your-writes.
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  watcher: ProjectionWatcher;
  now: () => Date;
  // Waits (bounded) until the projector has passed the command's last event.
  afterCommit(append: AppendResult | null): Promise<{ position?: string; projected?: boolean }>;
}

export function createAppContext(config: Config, db: Kysely<Database>, watcher: ProjectionWatcher, now: () => Date): AppContext {
  return {
    config,
    db,
    watcher,
    now,
    async afterCommit(append) {
      if (!append) return {};
      const projected = await watcher.waitFor(append, config.READ_YOUR_WRITES_TIMEOUT_MS);
      return { position: append.position, projected };
    },
  };
}
