import { DEFAULT_COUNT_SETTINGS, type CountSettings, type SettingsEvent } from '@wh/contracts';

// The warehouse settings stream folded: what the decider needs to tell a change from a repeat.
export interface SettingsState {
  scan_location_first: boolean;
  counts: CountSettings;
}

export const initialSettingsState = (): SettingsState => ({ scan_location_first: false, counts: DEFAULT_COUNT_SETTINGS });

export function evolveSettings(state: SettingsState, event: SettingsEvent): SettingsState {
  switch (event.type) {
    case 'ScanLocationFirstSet':
      return { ...state, scan_location_first: event.data.scan_location_first };
    case 'CountSettingsSet': {
      const { daily_plan, every_days, daily_cap, recount_over_units } = event.data;
      return { ...state, counts: { daily_plan, every_days, daily_cap, recount_over_units } };
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const settingsDecider = { initialState: initialSettingsState, evolve: evolveSettings };
