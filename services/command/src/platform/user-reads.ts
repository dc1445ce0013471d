import type { Kysely } from 'kysely';
import type { Database } from '@wh/db';
import type { UserRef } from '@wh/contracts';
import type { Executor } from './command.ts';

// The people a screen names (who picked, counted, received), read once for a whole answer from the users read model.

export async function usersById(db: Executor | Kysely<Database>, ids: Iterable<number | null>): Promise<Map<number, UserRef>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('rm_users').select(['id', 'username', 'full_name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The user of an id, named by number when the read model has no row for it (yet). */
export const userOf = (users: Map<number, UserRef>, id: number | null): UserRef | null =>
  id === null ? null : (users.get(id) ?? { id, username: `user ${id}`, full_name: null });
