import type { Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { foldBench, RETURN_EVENT_TYPES, type BenchParcel } from '@wh/contracts';
import type { Projection } from '../../projection.ts';

type Trx = Transaction<Database>;

// rm_return_parcels and rm_return_lines: the returns bench's parcels, its Unmatched and Waiting lists; announces
// 'returns'. The parcels a batch touches are read once, every event folded into them (contracts' foldBench), and each written
// once; a rebuild applies the history through this same path.
export const returnsBenchProjection: Projection = {
  name: 'returns-bench',
  handles: new Set<string>(RETURN_EVENT_TYPES),
  async apply(trx, events, topics) {
    topics.add({ kind: 'returns' });
    const ids = [...new Set(events.map((e) => (e.data as { return_id: number }).return_id))];
    const parcels = await parcelsOf(trx, ids);
    for (const stored of events) {
      const id = (stored.data as { return_id: number }).return_id;
      const next = foldBench(parcels.get(id), stored);
      if (next) parcels.set(id, next);
    }
    await write(trx, [...parcels.values()]);
  },
};

async function parcelsOf(trx: Trx, ids: readonly number[]): Promise<Map<number, BenchParcel>> {
  if (ids.length === 0) return new Map();
  const rows = await trx.selectFrom('rm_return_parcels').selectAll().where('id', 'in', ids).execute();
  const lines = await trx.selectFrom('rm_return_lines').selectAll().where('return_id', 'in', ids).orderBy('return_id').orderBy('line').execute();
  const out = new Map<number, BenchParcel>(rows.map((r) => [r.id, { ...r, lines: [] }]));
  for (const { return_id, ...l } of lines) out.get(return_id)?.lines.push(l);
  return out;
}

async function write(trx: Trx, parcels: readonly BenchParcel[]): Promise<void> {
  if (parcels.length === 0) return;
  const ids = parcels.map((p) => p.id);
  await trx.deleteFrom('rm_return_lines').where('return_id', 'in', ids).execute();
  await trx
    .insertInto('rm_return_parcels')
    .values(parcels.map(({ lines: _lines, ...p }) => p))
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        status: eb.ref('excluded.status'),
        order_id: eb.ref('excluded.order_id'),
        order_number: eb.ref('excluded.order_number'),
        units: eb.ref('excluded.units'),
        waiting: eb.ref('excluded.waiting'),
        in_returns: eb.ref('excluded.in_returns'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  const lines = parcels.flatMap((p) => p.lines.map((l) => ({ ...l, return_id: p.id, restocked: JSON.stringify(l.restocked) })));
  if (lines.length > 0) await trx.insertInto('rm_return_lines').values(lines).execute();
}
