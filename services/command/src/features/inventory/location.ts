import type { Gender, LocationEvent, LocationType } from '@wh/contracts';

interface Layout {
  location_id: number;
  code: string;
  location_type: LocationType;
  capacity: number | null;
  gender: Gender | null;
}

export type LocationState = { status: 'absent' } | ({ status: 'active' } & Layout) | ({ status: 'inactive' } & Layout);

export const initialLocationState = (): LocationState => ({ status: 'absent' });

export function evolveLocation(state: LocationState, event: LocationEvent): LocationState {
  if (event.type === 'LocationCreated') {
    const { location_id, code, location_type, capacity, gender } = event.data;
    return { status: 'active', location_id, code, location_type, capacity, gender };
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
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const locationDecider = { initialState: initialLocationState, evolve: evolveLocation };
