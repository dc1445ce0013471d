import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';

export const SIGN_IN_WINDOW_MS = 15 * 60_000;

// Advisory lock class of the per-address lock: the two-key form, a key space apart from the single-key locks of
// the projector and the migrations.
const SIGN_IN_LOCK_CLASS = 7_300_101;

// Expired rows deleted per counted attempt: the work of one sign-in stays bounded after however large a burst.
const PRUNE_BATCH = 500;

export interface SignInLimits {
  // Failures per address and username in the window.
  perUsername: number;
  // Failures per address in the window, whatever the usernames.
  perAddress: number;
}

export interface SignInKey {
  address: string;
  // As typed, trimmed and lower-cased: an unknown name counts like a known one.
  username: string;
}

interface Counts {
  mine: number;
  total: number;
}

// Counts this attempt as a failure before its password is checked, and answers null; or, when the address and
// username, or the address, already has as many failures in the window as its limit allows, counts nothing and
// answers how many milliseconds to wait. The row stays as the failure unless `signInSucceeded` removes it.
//
// The count and the insert run under a transaction lock per address, so parallel attempts on any number of
// instances get exactly as far as the limit, each seeing the ones before it. While the limit is reached,
// attempts are refused by a first count without the lock or a write: a flood of refused attempts queues on
// nothing and does not extend the wait.
export async function countSignInAttempt(db: Kysely<Database>, key: SignInKey, limits: SignInLimits, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const recent = (on: Kysely<Database>) =>
    on.selectFrom('sign_in_failures').where('address', '=', key.address).where('failed_at', '>', since);
  const count = async (on: Kysely<Database>): Promise<Counts> => {
    const row = await recent(on)
      .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.countAll<string>().filterWhere('username', '=', key.username).as('mine')])
      .executeTakeFirstOrThrow();
    return { mine: Number(row.mine), total: Number(row.total) };
  };
  const full = (c: Counts) => c.mine >= limits.perUsername || c.total >= limits.perAddress;

  let counts = await count(db);
  if (!full(counts)) {
    const counted = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${SIGN_IN_LOCK_CLASS}::int, hashtext(${key.address}))`.execute(trx);
      counts = await count(trx);
      if (full(counts)) return false;
      await trx.insertInto('sign_in_failures').values({ address: key.address, username: key.username, failed_at: now }).execute();
      return true;
    });
    if (counted) {
      await db
        .deleteFrom('sign_in_failures')
        .where('id', 'in', (eb) => eb.selectFrom('sign_in_failures').select('id').where('failed_at', '<=', since).limit(PRUNE_BATCH))
        .execute();
      return null;
    }
  }

  // Free again once enough of the failures that block it have left the window: the oldest `over + 1`.
  const freedAt = async (over: number, ofUsername: boolean): Promise<number> => {
    const row = await recent(db)
      .$if(ofUsername, (qb) => qb.where('username', '=', key.username))
      .select('failed_at')
      .orderBy('failed_at')
      .offset(over)
      .limit(1)
      .executeTakeFirst();
    return row ? new Date(row.failed_at).getTime() + SIGN_IN_WINDOW_MS : 0;
  };
  const until = Math.max(
    counts.mine >= limits.perUsername ? await freedAt(counts.mine - limits.perUsername, true) : 0,
    counts.total >= limits.perAddress ? await freedAt(counts.total - limits.perAddress, false) : 0,
  );
  // At least a second, should the blocking failures have gone (a sign-in cleared them) since they were counted.
  return Math.max(1000, until - now.getTime());
}

// A right password clears the failures of its address and username, this attempt's included.
export async function signInSucceeded(db: Kysely<Database>, key: SignInKey): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('address', '=', key.address).where('username', '=', key.username).execute();
}

export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
