import { describe, expect, it } from 'vitest';
import { INITIAL_MOVE_SCAN, moveScanHint, moveScanReducer, readyMove, type HeldItem, type MoveScanEvent, type MoveScanState } from './move-scan.ts';

const held: HeldItem[] = [
  { sku: 'DR1012-8-BLUE', quantity: 3, style_name: 'Wrap Midi Dress', size: '8', color: 'Blue' },
  { sku: 'KN1010-12-WINE', quantity: 1, style_name: 'Cable Jumper', size: '12', color: 'Wine' },
];
const scanned = (raw: string, h: readonly HeldItem[] | null = held): MoveScanEvent => ({ type: 'scanned', raw, held: h });
const run = (...events: MoveScanEvent[]): MoveScanState => events.reduce(moveScanReducer, INITIAL_MOVE_SCAN);

describe('moving stock by scanning', () => {
  it('the from-location label, two units of a SKU, then the to-location label make a move ready to confirm', () => {
    const state = run(scanned('a-1-1', null), scanned('DR1012-8-BLUE'), scanned('dr1012-8-blue'), scanned('B-2-3'));
    expect(state.scan).toEqual({ step: 'move', from: 'A-1-1', sku: 'DR1012-8-BLUE', quantity: 2, to: 'B-2-3' });
    expect(state.feedback).toEqual({ tone: 'success', text: 'To B-2-3: 2 × DR1012-8-BLUE. Confirm the move.' });
    expect(readyMove(state.scan)).toEqual({ sku: 'DR1012-8-BLUE', from_location: 'A-1-1', to_location: 'B-2-3', quantity: 2 });
  });

  it('says what each scan did and what to scan next', () => {
    expect(run(scanned('A-1-1', null)).feedback?.text).toBe('From A-1-1: scan the items to move.');
    expect(run(scanned('A-1-1', null), scanned('DR1012-8-BLUE')).feedback?.text).toBe(
      'DR1012-8-BLUE: 1 of 3 at A-1-1. Scan more, or the label of the location to move them to.',
    );
    expect(moveScanHint(INITIAL_MOVE_SCAN.scan)).toBe('Scan the label of the location to move from');
    expect(moveScanHint(run(scanned('A-1-1')).scan)).toBe('Scan the items to move from A-1-1, one scan a unit');
  });

  it('a typed quantity replaces the count of scans', () => {
    const state = run(scanned('A-1-1'), scanned('DR1012-8-BLUE'), { type: 'quantity', quantity: 3 }, scanned('B-2-3'));
    expect(readyMove(state.scan)?.quantity).toBe(3);
    expect(run(scanned('A-1-1'), { type: 'quantity', quantity: 3 }).scan).toMatchObject({ sku: null, quantity: 0 });
  });

  it('an item first is refused: the from-location label comes first', () => {
    const state = run(scanned('DR1012-8-BLUE'));
    expect(state.scan).toEqual({ step: 'from' });
    expect(state.feedback).toEqual({ tone: 'error', text: 'DR1012-8-BLUE is not a location label: scan the label of the location to move from first.' });
  });

  it('another location before any item changes where the units come from; the same one again is said to be it', () => {
    expect(run(scanned('A-1-1'), scanned('A-2-1')).scan).toMatchObject({ from: 'A-2-1', sku: null });
    expect(run(scanned('A-1-1'), scanned('DR1012-8-BLUE'), scanned('A-1-1')).feedback?.text).toBe(
      'A-1-1 is where the items come from: scan the location to move them to.',
    );
  });

  it('refuses more units than the location holds, a second SKU, and a code not held there', () => {
    const one = run(scanned('A-1-1'), scanned('KN1010-12-WINE'), scanned('KN1010-12-WINE'));
    expect(one.scan).toMatchObject({ quantity: 1 });
    expect(one.feedback?.text).toBe('A-1-1 holds only 1 of KN1010-12-WINE.');
    const second = run(scanned('A-1-1'), scanned('DR1012-8-BLUE'), scanned('KN1010-12-WINE'));
    expect(second.scan).toMatchObject({ sku: 'DR1012-8-BLUE', quantity: 1 });
    expect(second.feedback?.text).toBe('This move is of DR1012-8-BLUE: confirm it or start over before scanning KN1010-12-WINE.');
    expect(run(scanned('A-1-1'), scanned('TP1007-6-GREEN')).feedback).toEqual({
      tone: 'error',
      text: 'Not recognised: TP1007-6-GREEN is not an item held at A-1-1 or a location.',
    });
    expect(run(scanned('A-1-1'), scanned('TP1007-6-GREEN', null)).feedback?.text).toBe('Still reading what A-1-1 holds: scan TP1007-6-GREEN again in a moment.');
  });

  it('once moved, stays at the from-location for the next move', () => {
    const state = run(scanned('A-1-1'), scanned('DR1012-8-BLUE'), scanned('B-2-3'), { type: 'moved', text: 'Moved 1 × DR1012-8-BLUE from A-1-1 to B-2-3.' });
    expect(state.scan).toEqual({ step: 'move', from: 'A-1-1', sku: null, quantity: 0, to: null });
    expect(state.feedback?.text).toBe('Moved 1 × DR1012-8-BLUE from A-1-1 to B-2-3. Scan the next item at A-1-1, or another location.');
    expect(readyMove(state.scan)).toBeNull();
    expect(run(scanned('A-1-1'), { type: 'restart' })).toEqual(INITIAL_MOVE_SCAN);
  });
});
