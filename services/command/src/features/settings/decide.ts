import type { CountSettings, SettingsEvent } from '@wh/contracts';
import type { SettingsState } from './settings.ts';

export type SettingsCommand = { type: 'SetScanLocationFirst'; scan_location_first: boolean } | { type: 'SetCountSettings'; counts: CountSettings };

// Setting what is already set records nothing.
export function decideSettings(command: SettingsCommand, state: SettingsState, now: Date): SettingsEvent[] {
  switch (command.type) {
    case 'SetScanLocationFirst':
      if (command.scan_location_first === state.scan_location_first) return [];
      return [{ type: 'ScanLocationFirstSet', data: { scan_location_first: command.scan_location_first, at: now.toISOString() } }];
    case 'SetCountSettings': {
      const c = command.counts;
      const s = state.counts;
      if (c.daily_plan === s.daily_plan && c.every_days === s.every_days && c.daily_cap === s.daily_cap && c.recount_over_units === s.recount_over_units) return [];
      return [{ type: 'CountSettingsSet', data: { ...c, at: now.toISOString() } }];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
