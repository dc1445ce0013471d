import type { Gender, LocationEvent, LocationType } from '@wh/contracts';

interface Layout {
  location_id: number;
  code: string;
  location_type: LocationType;
  capacity: number | null;
  gender: Gender | null;
  // The manager's walk sequence; null: derived from the code.
  walk_sequence: number | null;
  // The times of the first and the latest event, as the layout screens show them.
  created_at: string;
  updated_at: string;
}

export type LocationState = { status: 'absent' } | ({ status: 'active' } & Layout) | ({ status: 'inactive' } & Layout);

export const initialLocationState = (): LocationState => ({ status: 'absent' });

export function evolveLocation(state: LocationState, event: LocationEvent): LocationState {
  if (event.type === 'LocationCreated') {
    const { location_id, code, location_type, capacity, gender, at } = event.data;
    return { status: 'active', location_id, code, location_type, capacity, gender, walk_sequence: null, created_at: at, updated_at: at };
  }
  if (state.status === 'absent') return state;
  const updated_at = event.data.at;
  switch (event.type) {
    case 'LocationCapacityChanged':
      return { ...state, capacity: event.data.capacity, updated_at };
    case 'LocationGenderChanged':
      return { ...state, gender: event.data.gender, updated_at };
    case 'LocationDeactivated':
      return { ...state, status: 'inactive', updated_at };
    case 'LocationReactivated':
      return { ...state, status: 'active', updated_at };
    case 'LocationWalkSequenceSet':
      return { ...state, walk_sequence: event.data.walk_sequence, updated_at };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const locationDecider = { initialState: initialLocationState, evolve: evolveLocation };
