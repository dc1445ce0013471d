// A counter's rules, pure. The counter scans a location label of their task (the only task, or the one they chose, or
// the one holding the label), then each unit there: a unit's code names its SKU (looked up once per code) and adds 1.
// A SKU's units can be typed instead. Send count sends what was counted; "Location is empty" says nothing is there.
// The count is blind: nothing here knows, asks for or shows what the location is expected to hold.
import { COUNT_MESSAGES, type CountLocationBody, type CountTaskForCounter } from '@wh/contracts/counts/http';
import { locationCodeProblem, normaliseCode } from '@wh/contracts/platform/codes';

export type Tone = 'success' | 'info' | 'error';
export interface Feedback {
  tone: Tone;
  text: string;
}

/** One SKU at the open location and the units the counter found. */
export interface CountedLine {
  sku: string;
  counted: number;
}

export interface OpenLocation {
  task: number;
  location: string;
  lines: readonly CountedLine[];
}

export interface CountingState {
  /** The task the counter chose; null lets the screen take the only one, or the one a scanned label is in. */
  task: number | null;
  open: OpenLocation | null;
  /** Codes already resolved to their SKU, so a second scan of a barcode asks the server nothing. */
  known: Readonly<Record<string, string>>;
  feedback: Feedback | null;
}

export const INITIAL_COUNTING: CountingState = { task: null, open: null, known: {}, feedback: null };

export type CountingEvent =
  | { type: 'task-chosen'; task: number }
  | { type: 'label-scanned'; location: string; tasks: readonly CountTaskForCounter[] }
  | { type: 'unit-scanned'; code: string; sku: string }
  | { type: 'quantity'; sku: string; counted: number }
  | { type: 'line-removed'; sku: string }
  | { type: 'cleared' }
  | { type: 'counted'; location: string; message: string }
  | { type: 'refused'; text: string };

const say = (tone: Tone, text: string): Feedback => ({ tone, text });
const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

/** The task the screen counts in now: the chosen one while it is still open, else the only one. */
export function activeTask(state: CountingState, tasks: readonly CountTaskForCounter[]): CountTaskForCounter | null {
  const chosen = tasks.find((t) => t.id === state.task);
  if (chosen) return chosen;
  return tasks.length === 1 ? (tasks[0] ?? null) : null;
}

/** The tasks a scanned label is looked for in: the active one, or every one while none is. */
function candidateTasks(state: CountingState, tasks: readonly CountTaskForCounter[]): readonly CountTaskForCounter[] {
  const active = activeTask(state, tasks);
  return active ? [active] : tasks;
}

export const notInCountText = (location: string, tasks: readonly CountTaskForCounter[]) => {
  const [only] = tasks;
  return tasks.length === 1 && only ? COUNT_MESSAGES.notInCount(only.id, location) : `${location} is not in any of your counts.`;
};

// The counter is not told who counted the last round: "someone else" is all a counter needs to hear.
export const recountByOtherText = (location: string) => `${location} needs its recount by someone else.`;

function labelScanned(state: CountingState, location: string, tasks: readonly CountTaskForCounter[]): CountingState {
  const { open } = state;
  if (open && open.location === location) return { ...state, feedback: say('info', `Counting ${location}: scan each unit, or type its SKU.`) };
  if (open && open.lines.length > 0) {
    return { ...state, feedback: say('error', `${open.location} has units listed: send its count or clear it before scanning ${location}.`) };
  }
  const candidates = candidateTasks(state, tasks);
  const task = candidates.find((t) => t.locations.some((l) => l.location === location));
  const found = task?.locations.find((l) => l.location === location);
  if (!task || !found) return { ...state, feedback: say('error', notInCountText(location, candidates)) };
  switch (found.status) {
    case 'done':
      return { ...state, feedback: say('error', COUNT_MESSAGES.alreadySettled(location)) };
    case 'to_count':
    case 'recount':
      if (!found.may_count) {
        const text = found.status === 'recount' ? recountByOtherText(location) : `${location} is not yours to count now.`;
        return { ...state, feedback: say('error', text) };
      }
      return {
        ...state,
        task: task.id,
        open: { task: task.id, location, lines: [] },
        feedback: say('info', `Counting ${location}: scan each unit, or type its SKU.`),
      };
    default: {
      const exhaustive: never = found.status;
      return exhaustive;
    }
  }
}

function editLines(state: CountingState, edit: (lines: readonly CountedLine[]) => CountedLine[]): CountingState {
  return state.open ? { ...state, open: { ...state.open, lines: edit(state.open.lines) } } : state;
}

function unitScanned(state: CountingState, code: string, sku: string): CountingState {
  const known = { ...state.known, [code]: sku };
  const { open } = state;
  if (!open) return { ...state, known, feedback: say('error', 'Scan the label of the location first.') };
  const line = open.lines.find((l) => l.sku === sku);
  const lines = line ? open.lines.map((l) => (l.sku === sku ? { ...l, counted: l.counted + 1 } : l)) : [...open.lines, { sku, counted: 1 }];
  const counted = (line?.counted ?? 0) + 1;
  return { ...state, known, open: { ...open, lines }, feedback: say('success', `${sku}: ${units(counted)} at ${open.location}.`) };
}

export function countingReducer(state: CountingState, event: CountingEvent): CountingState {
  switch (event.type) {
    case 'task-chosen':
      if (state.open && state.open.lines.length > 0) return { ...state, feedback: say('error', `Send or clear the count of ${state.open.location} first.`) };
      return { ...state, task: event.task, open: null, feedback: null };
    case 'label-scanned':
      return labelScanned(state, event.location, event.tasks);
    case 'unit-scanned':
      return unitScanned(state, event.code, event.sku);
    case 'quantity':
      if (!Number.isInteger(event.counted) || event.counted < 0) return state;
      return editLines(state, (lines) => lines.map((l) => (l.sku === event.sku ? { ...l, counted: event.counted } : l)));
    case 'line-removed':
      return editLines(state, (lines) => lines.filter((l) => l.sku !== event.sku));
    case 'cleared':
      return state.open ? { ...state, open: { ...state.open, lines: [] }, feedback: say('info', `${state.open.location} cleared: count it again.`) } : state;
    case 'counted':
      // Ready for the next label.
      return { ...state, open: state.open?.location === event.location ? null : state.open, feedback: say('success', event.message) };
    case 'refused':
      return { ...state, feedback: say('error', event.text) };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

/** What a scanned (or typed) code asks of the screen: an event at once, or the SKU it names looked up first. */
export type CountScan = { kind: 'event'; event: CountingEvent } | { kind: 'lookup'; code: string } | null;

export function readCountScan(state: CountingState, raw: string, tasks: readonly CountTaskForCounter[]): CountScan {
  const code = normaliseCode(raw);
  if (code === '') return null;
  const isTaskLocation = candidateTasks(state, tasks).some((t) => t.locations.some((l) => l.location === code));
  if (isTaskLocation) return { kind: 'event', event: { type: 'label-scanned', location: code, tasks } };
  if (!state.open) {
    if (locationCodeProblem(code) === null) return { kind: 'event', event: { type: 'label-scanned', location: code, tasks } };
    return { kind: 'event', event: { type: 'refused', text: `Scan the label of a location to count first (${code} is not one).` } };
  }
  const sku = state.known[code];
  return sku === undefined ? { kind: 'lookup', code } : { kind: 'event', event: { type: 'unit-scanned', code, sku } };
}

/** A code the catalogue does not know: another location's label, or nothing at all. */
export function unknownCodeEvent(code: string, tasks: readonly CountTaskForCounter[]): CountingEvent {
  if (locationCodeProblem(code) === null) return { type: 'label-scanned', location: code, tasks };
  return { type: 'refused', text: `${code} is not a SKU or barcode of the catalogue.` };
}

/** The count of the open location as sent; null while nothing is listed (an empty location says so instead). */
export function countBody(open: OpenLocation | null): CountLocationBody | null {
  if (!open || open.lines.length === 0) return null;
  return { lines: open.lines.map((l) => ({ sku: l.sku, counted: l.counted })), empty: false };
}

/** An empty location's count; null while units are listed, which an empty location cannot hold. */
export function emptyBody(open: OpenLocation | null): CountLocationBody | null {
  return open && open.lines.length === 0 ? { lines: [], empty: true } : null;
}

export const countedUnits = (open: OpenLocation | null) => open?.lines.reduce((n, l) => n + l.counted, 0) ?? 0;

/** What to scan next, under the scan field. */
export function countingHint(state: CountingState, task: CountTaskForCounter | null): string {
  if (state.open) return `Scan each unit at ${state.open.location}, or type its SKU and press Enter`;
  return task ? 'Scan the label of the next location to count' : 'Choose a count, or scan the label of a location';
}
