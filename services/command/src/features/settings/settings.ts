import type { SettingsEvent } from '@wh/contracts';

// The warehouse settings stream folded: what the decider needs to tell a change from a repeat.
export interface SettingsState {
  scan_location_first: boolean;
}

export const initialSettingsState = (): SettingsState => ({ scan_location_first: false });

export function evolveSettings(state: SettingsState, event: SettingsEvent): SettingsState {
  switch (event.type) {
    case 'ScanLocationFirstSet':
      return { ...state, scan_location_first: event.data.scan_location_first };
    default: {
      const exhaustive: never = event.type;
      return exhaustive;
    }
  }
}

export const settingsDecider = { initialState: initialSettingsState, evolve: evolveSettings };
