import { sql, type Kysely } from 'kysely';
import { expect, vi } from 'vitest';
import type { Database } from '@wh/migrations';

// Waits until the projector has applied every committed event (its checkpoint is past the last one).
export async function caughtUp(db: Kysely<Database>, timeout = 20_000): Promise<void> {
  await vi.waitFor(
    async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from events e, projector_checkpoints c
         where c.name = 'main' and (e.transaction_id, e.global_position) > (c.last_tx, c.last_pos)`.execute(db);
      expect(rows[0]!.n).toBe(0);
    },
    { timeout, interval: 50 },
  );
}
