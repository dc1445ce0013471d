import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '@wh/db';

// Who wakes the projectors after an append this process committed (docs/decisions.md, "Projector wake-up without a
// NOTIFY per append"). An append in one autocommitted statement on a pool with a waker sets
// warehouse.events_wake = 'caller' in that statement, so the events trigger sends no NOTIFY (which held PostgreSQL's
// notify-queue lock across the commit's WAL flush and so committed the appends one at a time), and calls
// `appended()` once the statement has committed. Appends in a transaction, and on a pool without a waker (scripts,
// tests), are notified for by the trigger at their commit.
export interface AppendWaker {
  appended(): void;
}

const wakers = new WeakMap<object, AppendWaker>();

export function setAppendWaker(db: Kysely<Database>, waker: AppendWaker | null): void {
  if (waker) wakers.set(db, waker);
  else wakers.delete(db);
}

// The waker for an append on this executor: none inside a transaction (its commit is not the statement's).
export function appendWaker(executor: Kysely<Database> | Transaction<Database>): AppendWaker | null {
  return executor.isTransaction ? null : (wakers.get(executor) ?? null);
}

// A column for the append's final select: tells the trigger that the caller wakes the projectors. It runs in the
// select, before the statement's AFTER triggers fire, and lasts until the statement's implicit commit.
export function wakeByCaller(waker: AppendWaker | null): RawBuilder<unknown> {
  return waker ? sql`set_config('warehouse.events_wake', 'caller', true)` : sql`null`;
}

// The projector this process runs, as far as waking it goes (services/projector Projector).
export interface LocalProjector {
  readonly state: 'stopped' | 'standby' | 'active';
  poke(): void;
}

// NOTIFYs at most this often: one wakes a projector for every append committed before it.
const NOTIFY_SPACING_MS = 5;

// The command service's waker: the projector in this process when it is the active one (no round trip at all),
// else one NOTIFY for the projector in another process, sent on its own (a statement without a transaction id
// commits without a WAL flush) and coalesced: while one is being sent or was sent under NOTIFY_SPACING_MS ago,
// further appends share the next.
export class ProjectorWaker implements AppendWaker {
  private sending = false;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly local: LocalProjector | null,
  ) {}

  appended(): void {
    if (this.closed) return;
    if (this.local?.state === 'active') {
      this.local.poke();
      return;
    }
    if (this.sending) {
      this.again = true;
      return;
    }
    this.sending = true;
    void this.notify();
  }

  private async notify(): Promise<void> {
    do {
      this.again = false;
      const sent = Date.now();
      // A lost NOTIFY leaves the events to the projector's poll, as a missed notice always did.
      await sql`select pg_notify('events', '')`.execute(this.db).catch(() => {});
      const left = NOTIFY_SPACING_MS - (Date.now() - sent);
      if (left > 0) await new Promise((r) => setTimeout(r, left));
    } while (this.again && !this.closed);
    this.sending = false;
  }

  close(): void {
    this.closed = true;
  }
}
