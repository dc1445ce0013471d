import { describe, expect, it } from 'vitest';
import { BIN_CODE_PATTERN, MAX_LOCATIONS_PER_RANGE, MAX_STOCK, RACK_CODE_PATTERN } from '@wh/contracts';
import { decisionSpec } from '../../platform/decider-spec.ts';
import { decideAdjustment, type AdjustCommand, type AdjustmentContext } from './decide-adjustment.ts';
import { expandRange } from '../../domain/location-range.ts';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const at = NOW.toISOString();

describe('location ranges', () => {
  const expand = (from: string, to: string) => expandRange(from, to, BIN_CODE_PATTERN, RACK_CODE_PATTERN, MAX_LOCATIONS_PER_RANGE);
  it('A-1-1 to C-4-3 is every zone, aisle and shelf between: 36 bins', () => {
    const codes = expand('A-1-1', 'C-4-3');
    expect(codes).toHaveLength(36);
    expect((codes as string[]).slice(0, 4)).toEqual(['A-1-1', 'A-1-2', 'A-1-3', 'A-2-1']);
  });
  it('R-1 to R-3 is three racks', () => {
    expect(expand('R-1', 'R-3')).toEqual(['R-1', 'R-2', 'R-3']);
  });
  it('refuses a range larger than the limit before making a single code (AAA-1-1 to ZZZ-999-999 is 17 billion)', () => {
    expect(expand('AAA-1-1', 'ZZZ-999-999')).toBe(`A range may hold at most ${MAX_LOCATIONS_PER_RANGE} locations; this one holds 17540865576`);
    expect(expand('R-1', 'R-9999')).toBe(`A range may hold at most ${MAX_LOCATIONS_PER_RANGE} locations; this one holds 9999`);
  });
  it('says what is wrong with a backwards or mixed range', () => {
    expect(expand('B-1-1', 'A-1-1')).toBe('The range must run from the lower code to the higher (e.g. A-1-1 to C-4-3)');
    expect(expand('R-1', 'A-1-1')).toBe('Both ends of a range must have the same form (A-1-1 or R-1)');
    expect(expand('R-1', 'J-3')).toBe('Both ends of a rack range need the same prefix (e.g. R-1 to R-10)');
  });
});

describe('adjustments decider', () => {
  const adjustSpec = decisionSpec((command: AdjustCommand, context: AdjustmentContext) => decideAdjustment(command, context, NOW));
  const context: AdjustmentContext = { sku: 'TS1-S-RED', style_code: 'TS1', location: { code: 'A-1-1', location_type: 'bin', is_active: true }, old_quantity: 4 };
  const command: AdjustCommand = { adjustment_id: 9, adjustment_type: 'decrease', quantity: 3, reason: 'Damaged goods', notes: null };
  it('given 4 units, a decrease of 3 leaves 1 and moves -3 out of the location', () => {
    adjustSpec
      .given(context)
      .when(command)
      .then([
        {
          type: 'InventoryAdjusted',
          data: {
            adjustment_id: 9,
            sku: 'TS1-S-RED',
            style_code: 'TS1',
            adjustment_type: 'decrease',
            quantity: 3,
            old_quantity: 4,
            new_quantity: 1,
            location: 'A-1-1',
            location_type: 'bin',
            reason: 'Damaged goods',
            notes: null,
            movements: [{ sku: 'TS1-S-RED', style_code: 'TS1', location: 'A-1-1', delta: -3 }],
            at,
          },
        },
      ]);
  });
  it('given 4 units, a decrease of 5 is refused', () => {
    adjustSpec.given(context).when({ ...command, quantity: 5 }).thenFails(409, 'Not enough stock of TS1-S-RED at A-1-1: 4 there, 5 needed.');
  });
  it('given 4 units, an increase of 3 makes 7', () => {
    adjustSpec
      .given(context)
      .when({ ...command, adjustment_type: 'increase' })
      .thenMatches([{ data: { old_quantity: 4, new_quantity: 7, movements: [{ sku: 'TS1-S-RED', style_code: 'TS1', location: 'A-1-1', delta: 3 }] } }]);
  });
  it('an increase past the most one location may hold of a SKU is refused; up to it is not', () => {
    const nearlyFull = { ...context, old_quantity: MAX_STOCK - 3 };
    adjustSpec.given(nearlyFull).when({ ...command, adjustment_type: 'increase' }).thenMatches([{ data: { new_quantity: MAX_STOCK } }]);
    adjustSpec
      .given(nearlyFull)
      .when({ ...command, adjustment_type: 'increase', quantity: 4 })
      .thenFails(409, `A-1-1 cannot hold more than ${MAX_STOCK} units of TS1-S-RED: move some elsewhere first.`);
  });
  it('a deactivated location cannot be adjusted', () => {
    adjustSpec
      .given({ ...context, location: { ...context.location, is_active: false } })
      .when(command)
      .thenFails(409, 'Location A-1-1 is deactivated. Reactivate it before adjusting its stock.');
  });
});
