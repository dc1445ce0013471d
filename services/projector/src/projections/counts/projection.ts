import type { Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { COUNT_EVENT_TYPES, foldCountTask, statusCounts, type CountTaskView } from '@wh/contracts';
import type { Projection } from '../../projection.ts';

type Trx = Transaction<Database>;

// rm_count_tasks and rm_count_locations: the count tasks' lists, the counters' tasks, when each location was last
// counted and how its first count went; announces 'counts'. The tasks a batch touches are read once, every event
// folded into them (contracts' foldCountTask, which a task's detail folds from its stream too), each written once; a
// rebuild applies the history through this same path.
export const countsProjection: Projection = {
  name: 'counts',
  handles: new Set<string>(COUNT_EVENT_TYPES),
  async apply(trx, events, topics) {
    topics.add({ kind: 'counts' });
    const ids = [...new Set(events.map((e) => (e.data as { count_id: number }).count_id))];
    const tasks = await tasksOf(trx, ids);
    for (const stored of events) {
      const id = (stored.data as { count_id: number }).count_id;
      const next = foldCountTask(tasks.get(id), stored);
      if (next) tasks.set(id, next);
    }
    await write(trx, [...tasks.values()]);
  },
};

async function tasksOf(trx: Trx, ids: readonly number[]): Promise<Map<number, CountTaskView>> {
  if (ids.length === 0) return new Map();
  const rows = await trx.selectFrom('rm_count_tasks').selectAll().where('id', 'in', ids).execute();
  const locations = await trx.selectFrom('rm_count_locations').selectAll().where('count_id', 'in', ids).orderBy('count_id').orderBy('location').execute();
  const out = new Map<number, CountTaskView>(
    rows.map((r) => [
      r.id,
      { id: r.id, status: r.status, source: r.source, reason: r.reason, assignee_id: r.assignee_id, due: r.due, created_at: r.created_at, created_by: r.created_by, updated_at: r.updated_at, locations: [] },
    ]),
  );
  for (const { count_id, ...l } of locations) out.get(count_id)?.locations.push(l);
  // The task's own order of locations, as it was created (code order).
  for (const task of out.values()) task.locations.sort((a, b) => (a.location < b.location ? -1 : a.location > b.location ? 1 : 0));
  return out;
}

async function write(trx: Trx, tasks: readonly CountTaskView[]): Promise<void> {
  if (tasks.length === 0) return;
  const ids = tasks.map((t) => t.id);
  await trx.deleteFrom('rm_count_locations').where('count_id', 'in', ids).execute();
  await trx.deleteFrom('rm_count_tasks').where('id', 'in', ids).execute();
  await trx
    .insertInto('rm_count_tasks')
    .values(tasks.map(({ locations, ...t }) => ({ ...t, locations: locations.length, ...statusCounts(locations) })))
    .execute();
  const rows = tasks.flatMap((t) => t.locations.map((l) => ({ ...l, count_id: t.id, rounds: JSON.stringify(l.rounds), variance: JSON.stringify(l.variance) })));
  for (let i = 0; i < rows.length; i += 1000) await trx.insertInto('rm_count_locations').values(rows.slice(i, i + 1000)).execute();
}
