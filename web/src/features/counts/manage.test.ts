import { describe, expect, it } from 'vitest';
import type { CountLocation, CountTaskDetail } from '@wh/contracts/counts/http';
import {
  approveAllBody,
  approveSelectedBody,
  createRequest,
  EMPTY_DRAFT,
  INITIAL_MANAGE,
  manageReducer,
  sendBackBody,
  type ManageEvent,
} from './manage.ts';

const location = (code: string, status: CountLocation['status']): CountLocation => ({ location: code, status, recount_not_by: null, rounds: [], variance: [] });
const task = (locations: CountLocation[]): CountTaskDetail => ({
  id: 7,
  status: 'open',
  source: 'manual',
  reason: null,
  assignee: null,
  due: null,
  created_at: '2026-12-01T09:00:00Z',
  created_by: null,
  counts: { locations: locations.length, to_count: 0, recount: 0, settled: 0, approved: 0 },
  locations,
});
const T = task([location('A-1-1', 'settled'), location('A-1-2', 'settled'), location('A-1-3', 'to_count')]);
const given = (...events: ManageEvent[]) => events.reduce(manageReducer, INITIAL_MANAGE);

describe('the lists', () => {
  it('goes back to the first page when the view changes', () => {
    expect(given({ type: 'page', page: 3 }, { type: 'view', view: 'done' })).toMatchObject({ view: 'done', page: 1 });
  });
});

describe('choosing settled locations', () => {
  it('approves only the chosen locations that are settled, in the task order', () => {
    const state = given({ type: 'opened', id: 7 }, { type: 'toggled', location: 'A-1-2', selected: true }, { type: 'toggled', location: 'A-1-3', selected: true }, { type: 'toggled', location: 'A-1-1', selected: true });
    expect(approveSelectedBody(state, T)).toEqual({ locations: ['A-1-1', 'A-1-2'] });
  });

  it('approves nothing while none is chosen; all settled with null', () => {
    expect(approveSelectedBody(given({ type: 'opened', id: 7 }), T)).toBeNull();
    expect(approveAllBody(T)).toEqual({ locations: null });
    expect(approveAllBody(task([location('A-1-3', 'to_count')]))).toBeNull();
  });

  it('sends back the chosen ones with the note, or none', () => {
    const chosen = given({ type: 'opened', id: 7 }, { type: 'toggled', location: 'A-1-2', selected: true });
    expect(sendBackBody(chosen, T)).toEqual({ locations: ['A-1-2'], note: null });
    expect(sendBackBody(manageReducer(chosen, { type: 'note', note: '  Count the top shelf too ' }), T)).toEqual({ locations: ['A-1-2'], note: 'Count the top shelf too' });
  });

  it('after an answer keeps chosen only what is still settled, and shows the server\'s words', () => {
    const chosen = given({ type: 'opened', id: 7 }, { type: 'toggled', location: 'A-1-1', selected: true }, { type: 'toggled', location: 'A-1-2', selected: true });
    const after = task([location('A-1-1', 'approved'), location('A-1-2', 'settled'), location('A-1-3', 'to_count')]);
    const then = manageReducer(chosen, { type: 'answered', task: after, message: 'Count #7: 1 location approved, 2 units of variance posted.' });
    expect(then.selected).toEqual(['A-1-2']);
    expect(then.feedback).toEqual({ tone: 'success', text: 'Count #7: 1 location approved, 2 units of variance posted.' });
  });

  it('shows no empty words when an answer has none', () => {
    expect(manageReducer(given({ type: 'refused', text: 'No.' }), { type: 'answered', task: T, message: '' }).feedback).toBeNull();
  });

  it('forgets the choice when another task opens', () => {
    const chosen = given({ type: 'opened', id: 7 }, { type: 'toggled', location: 'A-1-1', selected: true }, { type: 'opened', id: 8 });
    expect(chosen).toMatchObject({ open: 8, selected: [] });
  });
});

describe('the create form', () => {
  it('sends a range in capitals, no assignee, no due date and no note as nulls', () => {
    expect(createRequest({ ...EMPTY_DRAFT, from: ' a-1-1', to: 'a-2-5 ' })).toEqual({
      body: { scope: { kind: 'range', from: 'A-1-1', to: 'A-2-5' }, assignee_id: null, due: null, note: null },
      problem: null,
    });
  });

  it('reads SKUs one a line or separated by commas, each once', () => {
    expect(createRequest({ ...EMPTY_DRAFT, kind: 'skus', skus: 'dr1000-8-beige, KN1010-12-WINE\nDR1000-8-BEIGE' }).body?.scope).toEqual({
      kind: 'skus',
      skus: ['DR1000-8-BEIGE', 'KN1010-12-WINE'],
    });
  });

  it('sends days, flagged, the assignee, the due date and the note as given', () => {
    expect(createRequest({ ...EMPTY_DRAFT, kind: 'not_counted', days: 60, assignee: 4, due: '2026-12-10', note: ' Before stocktake ' }).body).toEqual({
      scope: { kind: 'not_counted', days: 60 },
      assignee_id: 4,
      due: '2026-12-10',
      note: 'Before stocktake',
    });
    expect(createRequest({ ...EMPTY_DRAFT, kind: 'flagged' }).body?.scope).toEqual({ kind: 'flagged' });
  });

  it('says what is missing', () => {
    expect(createRequest(EMPTY_DRAFT).problem).toBe('Please give the first and the last location of the range');
    expect(createRequest({ ...EMPTY_DRAFT, kind: 'skus' }).problem).toBe('Please name at least one SKU');
    expect(createRequest({ ...EMPTY_DRAFT, kind: 'not_counted', days: null }).problem).toBe('Days must be a whole number from 1 to 3650');
  });
});
