import type { Transaction } from 'kysely';
import type { Database } from '@wh/db';
import type { StoredEvent, TopicSet } from '@wh/contracts';
import type { RebuildIo } from './rebuild-io.ts';

// One read model: the event types it listens to, how a batch of them changes its tables, and the live topics it
// announces for the change.
export interface Projection {
  name: string;
  handles: ReadonlySet<string>;
  apply(trx: Transaction<Database>, events: readonly StoredEvent[], topics: TopicSet): Promise<void>;
  // A full rebuild's own way of applying the whole history (into empty tables that nothing reads before the rebuild
  // swaps them in, each of its statements committing on its own), when that can be cheaper than batch after batch of
  // `apply`; `finish` runs after the last batch. Must leave exactly the tables `apply` would: the rebuild goes on from
  // them with `apply`. `io` COPYs rows in on the rebuild's connection: queued, not awaited, and written before any
  // statement issued after it on `trx`. A rebuilder that awaits its own statements makes the rebuild wait for the
  // server.
  rebuilder?(io: RebuildIo): Rebuilder;
}

export interface Rebuilder {
  // The event types this rebuilder is given, when not the projection's own (a rebuilder may keep in memory what its
  // projection reads from another projection's tables).
  handles?: ReadonlySet<string>;
  apply(trx: Transaction<Database>, events: readonly StoredEvent[], topics: TopicSet): Promise<void>;
  finish(trx: Transaction<Database>): Promise<void>;
}
