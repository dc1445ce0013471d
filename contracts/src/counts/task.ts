import { occurredAt, type StoredEvent } from '../platform/events.ts';
import { varianceOf, type CountEvent, type VarianceLine } from './events.ts';
import type { CountLocationStatus, CountTaskStatus } from './http.ts';

// One count task as the screens read it, folded from its stream: the one fold of the counts read model (the
// projector's live path and rebuild) and of a task's detail, which the command side reads straight from the stream.

export interface CountRoundView {
  round: number;
  counted_by: number;
  at: string;
  empty: boolean;
  lines: { sku: string; counted: number; expected: number }[];
}

export interface CountLocationView {
  location: string;
  status: CountLocationStatus;
  last_counted_by: number | null;
  // Since it was created or last sent back.
  rounds: CountRoundView[];
  variance: VarianceLine[];
  first_matched: boolean | null;
  first_counted_at: Date | null;
  counted_at: Date | null;
  approved_at: Date | null;
}

export interface CountTaskView {
  id: number;
  status: CountTaskStatus;
  source: string;
  reason: string | null;
  assignee_id: number | null;
  due: string | null;
  created_at: Date;
  created_by: number | null;
  updated_at: Date;
  locations: CountLocationView[];
}

export function taskStatusOf(locations: readonly { status: CountLocationStatus }[]): CountTaskStatus {
  if (locations.every((l) => l.status === 'approved')) return 'done';
  return locations.every((l) => l.status === 'settled' || l.status === 'approved') ? 'settled' : 'open';
}

/** How many of the task's locations are in each status. */
export function statusCounts(locations: readonly { status: CountLocationStatus }[]): Record<CountLocationStatus, number> {
  const counts = { to_count: 0, recount: 0, settled: 0, approved: 0 };
  for (const l of locations) counts[l.status] += 1;
  return counts;
}

const fresh = (location: string): CountLocationView => ({
  location,
  status: 'to_count',
  last_counted_by: null,
  rounds: [],
  variance: [],
  first_matched: null,
  first_counted_at: null,
  counted_at: null,
  approved_at: null,
});

// The task after one of its events; undefined before its creation (an event of a task not created is skipped).
export function foldCountTask(task: CountTaskView | undefined, stored: StoredEvent): CountTaskView | undefined {
  const event = { type: stored.type, data: stored.data } as CountEvent;
  const at = occurredAt(stored);
  if (event.type === 'CountTaskCreated') {
    const d = event.data;
    return {
      id: d.count_id,
      status: 'open',
      source: d.source,
      reason: d.reason,
      assignee_id: d.assignee_id,
      due: d.due,
      created_at: at,
      created_by: stored.metadata.actor_id,
      updated_at: at,
      locations: d.locations.map(fresh),
    };
  }
  if (!task) return task;
  const on = (names: readonly string[], change: (l: CountLocationView) => CountLocationView): CountTaskView => {
    const locations = task.locations.map((l) => (names.includes(l.location) ? change(l) : l));
    return { ...task, locations, status: taskStatusOf(locations), updated_at: at };
  };
  switch (event.type) {
    case 'CountTaskAssigned':
      return { ...task, assignee_id: event.data.assignee_id, updated_at: at };
    case 'LocationCounted': {
      const d = event.data;
      const variance = varianceOf(d.lines);
      return on([d.location], (l) => ({
        ...l,
        status: d.settled ? 'settled' : 'recount',
        last_counted_by: d.counted_by,
        rounds: [...l.rounds, { round: d.round, counted_by: d.counted_by, at: d.at, empty: d.empty, lines: d.lines.map(({ sku, counted, expected }) => ({ sku, counted, expected })) }],
        variance: d.settled ? variance : [],
        // Its first count ever (a send-back keeps it): what the accuracy figures go by.
        first_matched: l.first_matched ?? variance.length === 0,
        first_counted_at: l.first_counted_at ?? at,
        counted_at: at,
      }));
    }
    case 'CountApproved':
      return on(
        event.data.locations.map((l) => l.location),
        (l) => ({ ...l, status: 'approved', approved_at: at }),
      );
    case 'CountSentBack':
      return on(event.data.locations, (l) => ({ ...l, status: 'to_count', last_counted_by: null, rounds: [], variance: [] }));
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown count event ${JSON.stringify(exhaustive)}`);
    }
  }
}
