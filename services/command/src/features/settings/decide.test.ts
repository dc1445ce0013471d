import { describe, it } from 'vitest';
import type { SettingsEvent } from '@wh/contracts';
import { deciderSpec } from '../../platform/decider-spec.ts';
import { decideSettings, type SettingsCommand } from './decide.ts';
import { settingsDecider, type SettingsState } from './settings.ts';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const at = NOW.toISOString();
const spec = deciderSpec<SettingsState, SettingsEvent, SettingsCommand>(settingsDecider, decideSettings, NOW);
const on: SettingsEvent = { type: 'ScanLocationFirstSet', data: { scan_location_first: true, at } };

describe('warehouse settings decider', () => {
  it('turns scanning the location first on, and off again', () => {
    spec.given([]).when({ type: 'SetScanLocationFirst', scan_location_first: true }).then([on]);
    spec.given([on]).when({ type: 'SetScanLocationFirst', scan_location_first: false }).then([
      { type: 'ScanLocationFirstSet', data: { scan_location_first: false, at } },
    ]);
  });
  it('setting what is set already records nothing; off is the default', () => {
    spec.given([on]).when({ type: 'SetScanLocationFirst', scan_location_first: true }).then([]);
    spec.given([]).when({ type: 'SetScanLocationFirst', scan_location_first: false }).then([]);
  });
});
