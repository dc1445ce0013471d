import { describe, it } from 'vitest';
import type { LocationEvent } from '@wh/contracts';
import { deciderSpec, decisionSpec } from '../platform/decider-spec.ts';
import { decideLocation, decideNewLocations, type LocationCommand, type NewLocation, type NewLocationFacts } from './decide-location.ts';
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
