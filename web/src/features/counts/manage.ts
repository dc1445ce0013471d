// A manager's side of the counts, pure: which list is shown, the task open, the settled locations chosen in it, and
// the note that goes with sending them back. What a manager sends is built here from what the task now holds.
import type { ApproveCountBody, CountTaskDetail, CountView, CreateCountBody, SendBackCountBody } from '@wh/contracts/counts/http';
import type { Feedback } from './counting.ts';

export interface ManageState {
  view: CountView;
  page: number;
  open: number | null;
  selected: readonly string[];
  note: string;
  feedback: Feedback | null;
}

export const INITIAL_MANAGE: ManageState = { view: 'open', page: 1, open: null, selected: [], note: '', feedback: null };

export type ManageEvent =
  | { type: 'view'; view: CountView }
  | { type: 'page'; page: number }
  | { type: 'opened'; id: number }
  | { type: 'closed' }
  | { type: 'toggled'; location: string; selected: boolean }
  | { type: 'note'; note: string }
  | { type: 'answered'; task: CountTaskDetail; message: string }
  | { type: 'refused'; text: string };

export function manageReducer(state: ManageState, event: ManageEvent): ManageState {
  switch (event.type) {
    case 'view':
      return { ...state, view: event.view, page: 1 };
    case 'page':
      return { ...state, page: event.page };
    case 'opened':
      return state.open === event.id ? state : { ...state, open: event.id, selected: [], note: '' };
    case 'closed':
      return { ...state, open: null, selected: [], note: '' };
    case 'toggled': {
      const rest = state.selected.filter((l) => l !== event.location);
      return { ...state, selected: event.selected ? [...rest, event.location] : rest };
    }
    case 'note':
      return { ...state, note: event.note };
    case 'answered': {
      // The task as it now is: what was approved or sent back is no longer settled, so no longer chosen.
      const settled = new Set(settledLocations(event.task));
      const same = state.open === event.task.id;
      return {
        ...state,
        open: event.task.id,
        selected: same ? state.selected.filter((l) => settled.has(l)) : [],
        note: '',
        // An answer without words leaves nothing to say, rather than an empty box.
        feedback: event.message === '' ? null : { tone: 'success', text: event.message },
      };
    }
    case 'refused':
      return { ...state, feedback: { tone: 'error', text: event.text } };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const settledLocations = (task: CountTaskDetail) => task.locations.filter((l) => l.status === 'settled').map((l) => l.location);

/** The chosen locations that are settled, in the task's order. */
export function chosenSettled(state: ManageState, task: CountTaskDetail): string[] {
  return settledLocations(task).filter((l) => state.selected.includes(l));
}

/** Approve every settled location; null while none is. */
export const approveAllBody = (task: CountTaskDetail): ApproveCountBody | null => (settledLocations(task).length > 0 ? { locations: null } : null);

export function approveSelectedBody(state: ManageState, task: CountTaskDetail): ApproveCountBody | null {
  const locations = chosenSettled(state, task);
  return locations.length > 0 ? { locations } : null;
}

export function sendBackBody(state: ManageState, task: CountTaskDetail): SendBackCountBody | null {
  const locations = chosenSettled(state, task);
  const note = state.note.trim();
  return locations.length > 0 ? { locations, note: note === '' ? null : note } : null;
}

// ---------- The create form ----------

export type ScopeKind = CreateCountBody['scope']['kind'];

export interface CreateDraft {
  kind: ScopeKind;
  from: string;
  to: string;
  /** SKUs as typed: one a line, or separated by commas or spaces. */
  skus: string;
  days: number | null;
  assignee: number | null;
  /** YYYY-MM-DD, or '' for none. */
  due: string;
  note: string;
}

export const EMPTY_DRAFT: CreateDraft = { kind: 'range', from: '', to: '', skus: '', days: 30, assignee: null, due: '', note: '' };

export type CreateRequest = { body: CreateCountBody; problem: null } | { body: null; problem: string };

const problem = (text: string): CreateRequest => ({ body: null, problem: text });

function scopeOf(draft: CreateDraft): CreateCountBody['scope'] | string {
  switch (draft.kind) {
    case 'range': {
      const from = draft.from.trim().toUpperCase();
      const to = draft.to.trim().toUpperCase();
      return from === '' || to === '' ? 'Please give the first and the last location of the range' : { kind: 'range', from, to };
    }
    case 'skus': {
      const skus = [...new Set(draft.skus.split(/[\s,]+/).map((s) => s.trim().toUpperCase()).filter((s) => s !== ''))];
      return skus.length === 0 ? 'Please name at least one SKU' : { kind: 'skus', skus };
    }
    case 'not_counted':
      return draft.days === null || !Number.isInteger(draft.days) || draft.days < 1 ? 'Days must be a whole number from 1 to 3650' : { kind: 'not_counted', days: draft.days };
    case 'flagged':
      return { kind: 'flagged' };
    default: {
      const exhaustive: never = draft.kind;
      return exhaustive;
    }
  }
}

/** The body of POST /counts, or what keeps it from being sent (in the server's words where it has them). */
export function createRequest(draft: CreateDraft): CreateRequest {
  const scope = scopeOf(draft);
  if (typeof scope === 'string') return problem(scope);
  const note = draft.note.trim();
  return { body: { scope, assignee_id: draft.assignee, due: draft.due === '' ? null : draft.due, note: note === '' ? null : note }, problem: null };
}
