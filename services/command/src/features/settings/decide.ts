import type { SettingsEvent } from '@wh/contracts';
import type { SettingsState } from './settings.ts';

export type SettingsCommand = { type: 'SetScanLocationFirst'; scan_location_first: boolean };

// Setting what is already set records nothing.
export function decideSettings(command: SettingsCommand, state: SettingsState, now: Date): SettingsEvent[] {
  switch (command.type) {
    case 'SetScanLocationFirst':
      if (command.scan_location_first === state.scan_location_first) return [];
      return [{ type: 'ScanLocationFirstSet', data: { scan_location_first: command.scan_location_first, at: now.toISOString() } }];
    default: {
      const exhaustive: never = command.type;
      return exhaustive;
    }
  }
}
