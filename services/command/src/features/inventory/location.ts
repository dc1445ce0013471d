import type { Gender, LocationEvent, LocationType } from '@wh/contracts';

interface Layout {
  location_id: number;
  code: string;
  location_type: LocationType;
  capacity: number | null;
  gender: Gender | null;
  // The manager's walk sequence; null: derived from the code.
  walk_sequence: number | null;
}

export type LocationState = { status: 'absent' } | ({ status: 'active' } & Layout) | ({ status: 'inactive' } & Layout);

export const initialLocationState = (): LocationState => ({ status: 'absent' });

export function evolveLocation(state: LocationState, event: LocationEvent): LocationState {
  if (event.type === 'LocationCreated') {
    const { location_id, code, location_type, capacity, gender } = event.data;
    return { status: 'active', location_id, code, location_type, capacity, gender, walk_sequence: null };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'LocationCapacityChanged':
      return { ...state, capacity: event.data.capacity };
    case 'LocationGenderChanged':
      return { ...state, gender: event.data.gender };
    case 'LocationDeactivated':
      return { ...state, status: 'inactive' };
    case 'LocationReactivated':
      return { ...state, status: 'active' };
    case 'LocationWalkSequenceSet':
      return { ...state, walk_sequence: event.data.walk_sequence };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const locationDecider = { initialState: initialLocationState, evolve: evolveLocation };
