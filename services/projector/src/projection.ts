import type { Transaction } from 'kysely';
import type { Database } from '@wh/migrations';
import type { StoredEvent } from '@wh/contracts';

// One read model: the event types it listens to and how a batch of them changes its tables.
export interface Projection {
  name: string;
  handles: ReadonlySet<string>;
  apply(trx: Transaction<Database>, events: readonly StoredEvent[], topics: Set<string>): Promise<void>;
}
