// Warehouse-wide settings a manager chooses in Settings: one stream.
export const WAREHOUSE_SETTINGS_STREAM = 'warehouse-settings';

export type SettingsEvent =
  // Pickers scan a location's label before each item taken from it (as Odoo Barcode asks).
  { type: 'ScanLocationFirstSet'; data: { scan_location_first: boolean; at: string } };

export type SettingsEventType = SettingsEvent['type'];
export const SETTINGS_EVENT_TYPES: readonly SettingsEventType[] = ['ScanLocationFirstSet'];
