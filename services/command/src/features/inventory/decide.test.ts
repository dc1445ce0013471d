import { describe, expect, it } from 'vitest';
import { BIN_CODE_PATTERN, MAX_LOCATIONS_PER_RANGE, MAX_STOCK, RACK_CODE_PATTERN, type LocationEvent } from '@wh/contracts';
import { deciderSpec, decisionSpec } from '../../platform/decider-spec.ts';
import { decideAdjustment, type AdjustCommand, type AdjustmentContext } from './decide-adjustment.ts';
import { decideNewLocations, type NewLocation, type NewLocationFacts } from './commands.ts';
import { decideLocation, expandRange, type LocationCommand } from './decide-location.ts';
import { locationDecider, type LocationState } from './location.ts';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const at = NOW.toISOString();
const spec = deciderSpec<LocationState, LocationEvent, LocationCommand>(locationDecider, decideLocation, NOW);
const bin: LocationEvent = {
  type: 'LocationCreated',
  data: { location_id: 5, code: 'A-1-1', location_type: 'bin', capacity: 50, gender: null, at: '2026-11-01T00:00:00.000Z' },
};
const ids = { location_id: 5, code: 'A-1-1' };

describe('locations decider', () => {
  it('creates a location; a bin never has a gender', () => {
    spec
      .given([])
      .when({ type: 'CreateLocation', data: { location_id: 5, code: 'A-1-1', location_type: 'bin', capacity: 50, gender: 'women' } })
      .then([{ type: 'LocationCreated', data: { ...bin.data, at } }]);
  });
  it('refuses a code that exists', () => {
    spec
      .given([bin])
      .when({ type: 'CreateLocation', data: { location_id: 6, code: 'A-1-1', location_type: 'bin', capacity: 50, gender: null } })
      .thenFails(409, 'Location A-1-1 already exists');
  });
  it('changes capacity down to the stock held, not below', () => {
    spec.given([bin]).when({ type: 'ChangeLocation', data: { capacity: 20 }, current_stock: 20 }).then([{ type: 'LocationCapacityChanged', data: { ...ids, capacity: 20, at } }]);
    spec.given([bin]).when({ type: 'ChangeLocation', data: { capacity: 19 }, current_stock: 20 }).thenFails(409, 'Capacity 19 is below the 20 units A-1-1 holds now');
  });
  it('a bin keeps a capacity', () => {
    spec.given([bin]).when({ type: 'ChangeLocation', data: { capacity: null }, current_stock: 0 }).thenFails(409, 'A bin needs a capacity');
  });
  it('deactivates an empty location and reactivates it', () => {
    const off: LocationEvent = { type: 'LocationDeactivated', data: { ...ids, at } };
    spec.given([bin]).when({ type: 'ChangeLocation', data: { is_active: false }, current_stock: 0 }).then([off]);
    spec.given([bin, off]).when({ type: 'ChangeLocation', data: { is_active: true }, current_stock: 0 }).then([{ type: 'LocationReactivated', data: { ...ids, at } }]);
  });
  it('refuses to deactivate a location holding stock, naming the count', () => {
    spec
      .given([bin])
      .when({ type: 'ChangeLocation', data: { is_active: false }, current_stock: 3 })
      .thenFails(409, 'Location A-1-1 holds 3 units: move or adjust them out before deactivating it');
  });
  it('only jean racks have a gender', () => {
    spec.given([bin]).when({ type: 'ChangeLocation', data: { gender: 'men' }, current_stock: 0 }).thenFails(409, 'Only jean racks have a gender');
  });
  it('sets a walk sequence, and null takes the location back to the one its code gives', () => {
    const set: LocationEvent = { type: 'LocationWalkSequenceSet', data: { ...ids, walk_sequence: 5, at } };
    spec.given([bin]).when({ type: 'ChangeLocation', data: { walk_sequence: 5 }, current_stock: 12 }).then([set]);
    spec.given([bin, set]).when({ type: 'ChangeLocation', data: { walk_sequence: null }, current_stock: 12 }).then([
      { type: 'LocationWalkSequenceSet', data: { ...ids, walk_sequence: null, at } },
    ]);
  });
  it('setting the walk sequence a location has already records nothing', () => {
    const set: LocationEvent = { type: 'LocationWalkSequenceSet', data: { ...ids, walk_sequence: 5, at } };
    spec.given([bin, set]).when({ type: 'ChangeLocation', data: { walk_sequence: 5 }, current_stock: 0 }).then([]);
    spec.given([bin]).when({ type: 'ChangeLocation', data: { walk_sequence: null }, current_stock: 0 }).then([]);
  });
  it('an inactive location keeps its place on the walk', () => {
    const off: LocationEvent = { type: 'LocationDeactivated', data: { ...ids, at } };
    spec.given([bin, off]).when({ type: 'ChangeLocation', data: { walk_sequence: 7 }, current_stock: 0 }).then([
      { type: 'LocationWalkSequenceSet', data: { ...ids, walk_sequence: 7, at } },
    ]);
  });
  it('the walk sequence of a location that does not exist is refused', () => {
    spec.given([]).when({ type: 'ChangeLocation', data: { walk_sequence: 7 }, current_stock: 0 }).thenFails(404, 'Location not found');
  });
});

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

describe('new locations decision', () => {
  const newSpec = decisionSpec((wanted: NewLocation[], facts: NewLocationFacts) => decideNewLocations(wanted, facts, NOW));
  const wanted = (code: string): NewLocation => ({ code, location_type: 'bin', capacity: 40, gender: null });
  it('creates the codes the layout lacks in code order with the ids drawn, and reports the rest as existing', () => {
    newSpec
      .given({ existing: new Set(['A-1-2']), ids: [21, 22] })
      .when([wanted('A-1-3'), wanted('A-1-2'), wanted('A-1-1')])
      .then({
        appends: [
          { streamId: 'location-A-1-1', expectedVersion: 0, events: [{ type: 'LocationCreated', data: { location_id: 21, code: 'A-1-1', location_type: 'bin', capacity: 40, gender: null, at } }] },
          { streamId: 'location-A-1-3', expectedVersion: 0, events: [{ type: 'LocationCreated', data: { location_id: 22, code: 'A-1-3', location_type: 'bin', capacity: 40, gender: null, at } }] },
        ],
        result: { created: ['A-1-1', 'A-1-3'], existing: ['A-1-2'] },
      });
  });
});
