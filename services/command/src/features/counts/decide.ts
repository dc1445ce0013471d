import {
  COUNT_MESSAGES as M,
  CYCLE_COUNT_REASON,
  MAX_COUNT_LOCATIONS,
  taskStatusOf,
  varianceOf,
  type CountedLine,
  type CountLocationStatus,
  type CountEvent,
  type CountSource,
  type CountTrigger,
  type StockMovement,
  type VarianceLine,
} from '@wh/contracts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';

// One count task's stream (`count-<id>`): created for its locations, assigned, each location counted blind round by
// round until it settles, settled locations approved (their variances posted) or sent back to be counted afresh.

export type LocationStatus = CountLocationStatus;

export interface LocationState {
  location: string;
  status: LocationStatus;
  // The rounds since it was created or last sent back: who counted and the variance each found.
  rounds: { round: number; counted_by: number; variance: VarianceLine[] }[];
  // The number the next round takes (rounds are numbered on through a send-back).
  next_round: number;
  // The variance it settled on; null while it is not settled.
  settled: VarianceLine[] | null;
}

export type CountState =
  | { status: 'absent' }
  | { status: 'open' | 'settled' | 'done'; count_id: number; assignee_id: number | null; locations: LocationState[] };

export const initialCountState = (): CountState => ({ status: 'absent' });

type Existing = Exclude<CountState, { status: 'absent' }>;

// A task is open while a location waits for a count, settled once each is settled or approved, done once all approved.
const withStatus = (count_id: number, assignee_id: number | null, locations: LocationState[]): Existing => ({
  status: taskStatusOf(locations),
  count_id,
  assignee_id,
  locations,
});

const fresh = (location: string, next_round = 1): LocationState => ({ location, status: 'to_count', rounds: [], next_round, settled: null });

export function evolveCount(state: CountState, event: CountEvent): CountState {
  if (event.type === 'CountTaskCreated') return withStatus(event.data.count_id, event.data.assignee_id, event.data.locations.map((l) => fresh(l)));
  if (state.status === 'absent') return state;
  const on = (names: readonly string[], change: (l: LocationState) => LocationState) =>
    withStatus(state.count_id, state.assignee_id, state.locations.map((l) => (names.includes(l.location) ? change(l) : l)));
  switch (event.type) {
    case 'CountTaskAssigned':
      return { ...state, assignee_id: event.data.assignee_id };
    case 'LocationCounted': {
      const d = event.data;
      const variance = varianceOf(d.lines);
      return on([d.location], (l) => ({
        ...l,
        status: d.settled ? 'settled' : 'recount',
        rounds: [...l.rounds, { round: d.round, counted_by: d.counted_by, variance }],
        next_round: d.round + 1,
        settled: d.settled ? variance : null,
      }));
    }
    case 'CountApproved':
      return on(
        event.data.locations.map((l) => l.location),
        (l) => ({ ...l, status: 'approved' }),
      );
    case 'CountSentBack':
      return on(event.data.locations, (l) => fresh(l.location, l.next_round));
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown count event ${JSON.stringify(exhaustive)}`);
    }
  }
}

export const countDecider = { initialState: initialCountState, evolve: evolveCount };

// ---------- Commands ----------

export interface Counter {
  id: number;
  // A manager counts any task, assigned to whoever it is.
  counts_any: boolean;
}

export type CountCommand =
  | {
      type: 'CreateCount';
      count_id: number;
      source: CountSource;
      reason: string | null;
      // The locations asked for that are in no open count, in code order; `skipped`: those that are.
      locations: readonly string[];
      skipped: number;
      assignee_id: number | null;
      // The assignee asked for is a user who can count (null when none was asked).
      assignee_found: boolean;
      due: string | null;
      trigger: CountTrigger | null;
    }
  | { type: 'AssignCount'; count_id: number; assignee_id: number | null; assignee_found: boolean }
  | {
      type: 'CountLocation';
      count_id: number;
      location: string;
      counter: Counter;
      // The last round's counter by name, for the words of a refused recount.
      last_counter_name: string | null;
      // What the counter said is there (one line a SKU, its style from the catalogue; null style: not in it)...
      counted: readonly { sku: string; style_code: string | null; counted: number }[];
      empty: boolean;
      // ...and what the location held at that instant, SKU by SKU (its stock rows locked while it is read).
      held: ReadonlyMap<string, { style_code: string; quantity: number }>;
      recount_over_units: number;
    }
  | { type: 'ApproveCount'; count_id: number; locations: readonly string[] | null }
  | { type: 'SendBackCount'; count_id: number; locations: readonly string[]; note: string | null };

const units = (variance: readonly VarianceLine[]) => variance.reduce((n, v) => n + Math.abs(v.variance), 0);

// Two rounds agree when they found the same variance, SKU by SKU.
function sameVariance(a: readonly VarianceLine[], b: readonly VarianceLine[]): boolean {
  const key = (v: readonly VarianceLine[]) => JSON.stringify([...v].map((l) => [l.sku, l.variance]).sort());
  return key(a) === key(b);
}

function existing(state: CountState, countId: number): Existing {
  if (state.status === 'absent') throw notFound(M.notFound(countId));
  return state;
}

function countLocation(state: Existing, c: Extract<CountCommand, { type: 'CountLocation' }>, at: string): CountEvent[] {
  const l = state.locations.find((x) => x.location === c.location);
  if (!l) throw notFound(M.notInCount(state.count_id, c.location));
  if (state.assignee_id !== null && state.assignee_id !== c.counter.id && !c.counter.counts_any) throw forbidden(M.notYours(state.count_id));
  if (l.status === 'settled' || l.status === 'approved') throw conflict(M.alreadySettled(c.location));
  const last = l.rounds.at(-1);
  if (l.status === 'recount' && last?.counted_by === c.counter.id) throw conflict(M.recountBySomeoneElse(c.location, c.last_counter_name ?? 'the last counter'));
  if (c.empty && c.counted.length > 0) throw badRequest(M.emptyWithLines);
  if (!c.empty && c.counted.length === 0) throw badRequest(M.nothingCounted);
  const seen = new Set<string>();
  for (const line of c.counted) {
    if (seen.has(line.sku)) throw badRequest(M.duplicateSku(line.sku));
    seen.add(line.sku);
    if (line.style_code === null && !c.held.has(line.sku)) throw notFound(M.skuNotFound(line.sku));
  }
  // Every SKU counted or held there, in SKU order: what the location held is the expected.
  const skus = [...new Set([...c.counted.map((x) => x.sku), ...[...c.held].filter(([, h]) => h.quantity !== 0).map(([sku]) => sku)])].sort();
  const lines: CountedLine[] = skus.map((sku) => {
    const held = c.held.get(sku);
    const counted = c.counted.find((x) => x.sku === sku);
    return { sku, style_code: held?.style_code ?? counted?.style_code ?? sku.split('-')[0]!, counted: counted?.counted ?? 0, expected: held?.quantity ?? 0 };
  });
  const variance = varianceOf(lines);
  const agreeing = units(variance) <= c.recount_over_units ? undefined : l.rounds.find((r) => r.counted_by !== c.counter.id && sameVariance(r.variance, variance));
  const settled = units(variance) <= c.recount_over_units || agreeing !== undefined;
  return [
    {
      type: 'LocationCounted',
      data: { count_id: state.count_id, location: c.location, round: l.next_round, counted_by: c.counter.id, empty: c.empty, lines, settled, agrees_with: agreeing?.round ?? null, at },
    },
  ];
}

function settledOnes(state: Existing, names: readonly string[] | null): LocationState[] {
  if (names === null) {
    const all = state.locations.filter((l) => l.status === 'settled');
    if (all.length === 0) throw conflict(M.nothingToApprove(state.count_id));
    return all;
  }
  return [...new Set(names)].map((name) => {
    const l = state.locations.find((x) => x.location === name);
    if (!l) throw notFound(M.notInCount(state.count_id, name));
    if (l.status !== 'settled') throw conflict(M.notSettled(name));
    return l;
  });
}

export function decideCount(command: CountCommand, state: CountState, now: Date): CountEvent[] {
  const at = now.toISOString();
  switch (command.type) {
    case 'CreateCount': {
      const c = command;
      if (c.locations.length === 0) throw conflict(c.source === 'plan' ? M.nothingDue : M.nothingToCount(c.skipped));
      if (c.locations.length > MAX_COUNT_LOCATIONS) throw badRequest(M.tooManyLocations(c.locations.length));
      if (c.assignee_id !== null && !c.assignee_found) throw notFound(M.assigneeNotFound);
      return [
        {
          type: 'CountTaskCreated',
          data: { count_id: c.count_id, source: c.source, reason: c.reason, locations: [...c.locations], assignee_id: c.assignee_id, due: c.due, trigger: c.trigger, at },
        },
      ];
    }
    case 'AssignCount': {
      const s = existing(state, command.count_id);
      if (command.assignee_id !== null && !command.assignee_found) throw notFound(M.assigneeNotFound);
      if (command.assignee_id === s.assignee_id) return [];
      return [{ type: 'CountTaskAssigned', data: { count_id: s.count_id, assignee_id: command.assignee_id, previous_assignee_id: s.assignee_id, at } }];
    }
    case 'CountLocation':
      return countLocation(existing(state, command.count_id), command, at);
    case 'ApproveCount': {
      const s = existing(state, command.count_id);
      const approved = settledOnes(s, command.locations).map((l) => ({ location: l.location, lines: l.settled ?? [] }));
      const movements: StockMovement[] = approved.flatMap((a) => a.lines.map((v) => ({ sku: v.sku, style_code: v.style_code, location: a.location, delta: v.variance })));
      return [{ type: 'CountApproved', data: { count_id: s.count_id, locations: approved, movements, reason: CYCLE_COUNT_REASON, at } }];
    }
    case 'SendBackCount': {
      const s = existing(state, command.count_id);
      const back = settledOnes(s, command.locations).map((l) => l.location);
      return [{ type: 'CountSentBack', data: { count_id: s.count_id, locations: back, note: command.note, at } }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown count command ${JSON.stringify(exhaustive)}`);
    }
  }
}
