import { inCodeOrder, locationStreamId, locationTypeLabel, type Gender, type LocationEvent, type LocationType } from '@wh/contracts';
import type { Decision } from '../platform/command.ts';
import { conflict, notFound } from '../platform/errors.ts';
import { locationDecider, type LocationState } from './location.ts';

export type LocationCommand =
  | {
      type: 'CreateLocation';
      data: { location_id: number; code: string; location_type: Exclude<LocationType, 'receiving'>; capacity: number | null; gender: Gender | null };
    }
  // current_stock: units the location holds now (command-side stock_levels), read in the same transaction.
  | {
      type: 'ChangeLocation';
      data: { capacity?: number | null; gender?: Gender | null; is_active?: boolean; walk_sequence?: number | null };
      current_stock: number;
    };

export const locationExists = (code: string) => `Location ${code} already exists`;
export const locationNotFound = (code: string) => `Location ${code} not found`;
export const RECEIVING_FIXED = 'The receiving area cannot be changed';

export function decideLocation(command: LocationCommand, state: LocationState, now: Date): LocationEvent[] {
  const at = now.toISOString();
  switch (command.type) {
    case 'CreateLocation':
      if (state.status !== 'absent') throw conflict(locationExists(state.code));
      return [{ type: 'LocationCreated', data: { ...command.data, gender: command.data.location_type === 'jean_rack' ? command.data.gender : null, at } }];
    case 'ChangeLocation': {
      if (state.status === 'absent') throw notFound('Location not found');
      if (state.location_type === 'receiving') throw conflict(RECEIVING_FIXED);
      const { location_id, code } = state;
      const d = command.data;
      const stock = command.current_stock;
      const events: LocationEvent[] = [];
      if (d.capacity !== undefined && d.capacity !== state.capacity) {
        if (d.capacity === null && state.location_type !== 'rack') {
          throw conflict(`A ${locationTypeLabel(state.location_type).toLowerCase()} needs a capacity`);
        }
        if (d.capacity !== null && d.capacity < stock) {
          throw conflict(`Capacity ${d.capacity} is below the ${stock} units ${code} holds now`);
        }
        events.push({ type: 'LocationCapacityChanged', data: { location_id, code, capacity: d.capacity, at } });
      }
      if (d.gender !== undefined && d.gender !== state.gender) {
        if (state.location_type !== 'jean_rack') throw conflict('Only jean racks have a gender');
        if (d.gender === null) throw conflict('A jean rack needs a gender');
        events.push({ type: 'LocationGenderChanged', data: { location_id, code, gender: d.gender, at } });
      }
      if (d.is_active === false && state.status === 'active') {
        if (stock > 0) throw conflict(`Location ${code} holds ${stock} units: move or adjust them out before deactivating it`);
        events.push({ type: 'LocationDeactivated', data: { location_id, code, at } });
      }
      if (d.is_active === true && state.status === 'inactive') events.push({ type: 'LocationReactivated', data: { location_id, code, at } });
      if (d.walk_sequence !== undefined && d.walk_sequence !== state.walk_sequence) {
        events.push({ type: 'LocationWalkSequenceSet', data: { location_id, code, walk_sequence: d.walk_sequence, at } });
      }
      return events;
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

export interface NewLocation {
  code: string;
  location_type: Exclude<LocationType, 'receiving'>;
  capacity: number | null;
  gender: Gender | null;
}

export interface NewLocationFacts {
  // Codes the layout has already.
  existing: ReadonlySet<string>;
  // Ids drawn for the rest, in code order.
  ids: readonly number[];
}

// Pure: LocationCreated for each code the layout lacks, in code order: the one way a location comes to be, whether a
// manager adds it (inventory) or a bin-allocation sheet names it (receiving).
export function decideNewLocations(
  wanted: readonly NewLocation[],
  facts: NewLocationFacts,
  now: Date,
): Decision<{ created: string[]; existing: string[] }, LocationEvent> {
  const sorted = [...new Map(wanted.map((l) => [l.code, l])).values()].sort((a, b) => inCodeOrder(a.code, b.code));
  const fresh = sorted.filter((l) => !facts.existing.has(l.code));
  return {
    appends: fresh.map((l, i) => ({
      streamId: locationStreamId(l.code),
      expectedVersion: 0,
      events: decideLocation({ type: 'CreateLocation', data: { ...l, location_id: facts.ids[i]! } }, locationDecider.initialState(), now),
    })),
    result: { created: fresh.map((l) => l.code), existing: sorted.filter((l) => facts.existing.has(l.code)).map((l) => l.code) },
  };
}
