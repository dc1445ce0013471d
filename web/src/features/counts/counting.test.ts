import { describe, expect, it } from 'vitest';
import type { CountTaskForCounter } from '@wh/contracts/counts/http';
import {
  activeTask,
  countBody,
  countingReducer,
  emptyBody,
  INITIAL_COUNTING,
  readCountScan,
  unknownCodeEvent,
  type CountingEvent,
  type CountingState,
} from './counting.ts';

const task = (id: number, locations: CountTaskForCounter['locations']): CountTaskForCounter => ({ id, reason: null, due: null, assigned_to_me: true, locations });
const T7 = task(7, [
  { location: 'A-1-1', status: 'to_count', may_count: true },
  { location: 'A-1-2', status: 'done', may_count: false },
  { location: 'A-1-3', status: 'recount', may_count: false },
  { location: 'A-1-4', status: 'recount', may_count: true },
]);
const T8 = task(8, [{ location: 'B-1-1', status: 'to_count', may_count: true }]);

const given = (...events: CountingEvent[]) => events.reduce(countingReducer, INITIAL_COUNTING);
const when = (state: CountingState, event: CountingEvent) => countingReducer(state, event);
const label = (location: string, tasks = [T7]): CountingEvent => ({ type: 'label-scanned', location, tasks });
const unit = (code: string, sku = code): CountingEvent => ({ type: 'unit-scanned', code, sku });

describe('choosing the task', () => {
  it('takes the only task without being asked', () => {
    expect(activeTask(INITIAL_COUNTING, [T7])?.id).toBe(7);
  });

  it('waits for a choice among several, and takes the chosen one', () => {
    expect(activeTask(INITIAL_COUNTING, [T7, T8])).toBeNull();
    expect(activeTask(given({ type: 'task-chosen', task: 8 }), [T7, T8])?.id).toBe(8);
  });

  it('takes, among several, the one holding a scanned label', () => {
    const then = given(label('B-1-1', [T7, T8]));
    expect(then.task).toBe(8);
    expect(then.open).toEqual({ task: 8, location: 'B-1-1', lines: [] });
  });
});

describe('scanning a location label', () => {
  it('opens a location of the task the counter may count', () => {
    expect(given(label('A-1-1')).open).toEqual({ task: 7, location: 'A-1-1', lines: [] });
    expect(given(label('A-1-4')).open?.location).toBe('A-1-4');
  });

  it('refuses, in words, a location not in the count, one already counted, and a recount left to someone else', () => {
    expect(given(label('C-9-9')).feedback).toEqual({ tone: 'error', text: 'C-9-9 is not in Count #7.' });
    expect(given(label('A-1-2')).feedback?.text).toBe('A-1-2 is already counted: nothing to count again unless a manager sends it back.');
    expect(given(label('A-1-3')).feedback?.text).toBe('A-1-3 needs its recount by someone else.');
    expect(given(label('A-1-3')).open).toBeNull();
  });

  it('refuses another label while units are listed: send or clear first', () => {
    const counting = given(label('A-1-1'), unit('SKU-1'));
    const then = when(counting, label('A-1-4'));
    expect(then.open?.location).toBe('A-1-1');
    expect(then.feedback).toEqual({ tone: 'error', text: 'A-1-1 has units listed: send its count or clear it before scanning A-1-4.' });
  });

  it('moves to another label while nothing is listed yet', () => {
    expect(given(label('A-1-1'), label('A-1-4')).open?.location).toBe('A-1-4');
  });
});

describe('counting units', () => {
  it('adds 1 to its SKU for each scanned unit, and remembers what each code named', () => {
    const then = given(label('A-1-1'), unit('5012345678900', 'DR1000-8-BEIGE'), unit('DR1000-8-BEIGE'), unit('KN1010-12-WINE'));
    expect(then.open?.lines).toEqual([
      { sku: 'DR1000-8-BEIGE', counted: 2 },
      { sku: 'KN1010-12-WINE', counted: 1 },
    ]);
    expect(then.known['5012345678900']).toBe('DR1000-8-BEIGE');
    expect(then.feedback?.text).toBe('KN1010-12-WINE: 1 unit at A-1-1.');
  });

  it('takes a typed quantity, 0 included, and ignores one that is not a whole number', () => {
    const counting = given(label('A-1-1'), unit('SKU-1'));
    expect(when(counting, { type: 'quantity', sku: 'SKU-1', counted: 12 }).open?.lines).toEqual([{ sku: 'SKU-1', counted: 12 }]);
    expect(when(counting, { type: 'quantity', sku: 'SKU-1', counted: 0 }).open?.lines).toEqual([{ sku: 'SKU-1', counted: 0 }]);
    expect(when(counting, { type: 'quantity', sku: 'SKU-1', counted: -1 })).toBe(counting);
  });

  it('removes a line, or clears them all', () => {
    const counting = given(label('A-1-1'), unit('SKU-1'), unit('SKU-2'));
    expect(when(counting, { type: 'line-removed', sku: 'SKU-1' }).open?.lines).toEqual([{ sku: 'SKU-2', counted: 1 }]);
    expect(when(counting, { type: 'cleared' }).open?.lines).toEqual([]);
  });
});

describe('reading a scan', () => {
  it('reads a label of the task as a label, and any label while no location is open', () => {
    expect(readCountScan(INITIAL_COUNTING, 'a-1-1', [T7])).toEqual({ kind: 'event', event: label('A-1-1') });
    expect(readCountScan(INITIAL_COUNTING, 'Z-1-1', [T7])).toEqual({ kind: 'event', event: label('Z-1-1') });
  });

  it('asks for a label before any unit', () => {
    expect(readCountScan(INITIAL_COUNTING, 'DR1000-8-BEIGE', [T7])).toEqual({
      kind: 'event',
      event: { type: 'refused', text: 'Scan the label of a location to count first (DR1000-8-BEIGE is not one).' },
    });
  });

  it('looks a new code up once; a known one adds its unit at once', () => {
    const counting = given(label('A-1-1'), unit('5012345678900', 'DR1000-8-BEIGE'));
    expect(readCountScan(counting, '0777', [T7])).toEqual({ kind: 'lookup', code: '0777' });
    expect(readCountScan(counting, '5012345678900', [T7])).toEqual({ kind: 'event', event: unit('5012345678900', 'DR1000-8-BEIGE') });
  });

  it('reads a code the catalogue does not know as another label, or as unknown', () => {
    expect(unknownCodeEvent('B-2-2', [T7])).toEqual(label('B-2-2'));
    expect(unknownCodeEvent('NOPE', [T7])).toEqual({ type: 'refused', text: 'NOPE is not a SKU or barcode of the catalogue.' });
  });
});

describe('sending the count', () => {
  it('sends each SKU once with its units, never an empty flag with them', () => {
    const counting = given(label('A-1-1'), unit('SKU-1'), unit('SKU-1'), { type: 'quantity', sku: 'SKU-1', counted: 3 }, unit('SKU-2'));
    expect(countBody(counting.open)).toEqual({ lines: [{ sku: 'SKU-1', counted: 3 }, { sku: 'SKU-2', counted: 1 }], empty: false });
    expect(emptyBody(counting.open)).toBeNull();
  });

  it('says a location is empty only while nothing is listed', () => {
    const open = given(label('A-1-1')).open;
    expect(emptyBody(open)).toEqual({ lines: [], empty: true });
    expect(countBody(open)).toBeNull();
    expect(emptyBody(null)).toBeNull();
  });

  it('after the answer shows the server\'s words and waits for the next label', () => {
    const then = when(given(label('A-1-1'), unit('SKU-1')), { type: 'counted', location: 'A-1-1', message: 'A-1-1 counted: 1 unit. Thank you.' });
    expect(then.open).toBeNull();
    expect(then.task).toBe(7);
    expect(then.feedback).toEqual({ tone: 'success', text: 'A-1-1 counted: 1 unit. Thank you.' });
  });

  it('keeps the units listed when the task is changed while counting', () => {
    const counting = given(label('A-1-1'), unit('SKU-1'));
    const then = when(counting, { type: 'task-chosen', task: 8 });
    expect(then.open).toBe(counting.open);
    expect(then.feedback?.tone).toBe('error');
  });
});
