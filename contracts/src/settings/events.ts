import { z } from 'zod';
import { firstVersion, type EventFamily, type EventsOf } from '../platform/event-schemas.ts';

// Warehouse-wide settings a manager chooses in Settings: one stream.
export const WAREHOUSE_SETTINGS_STREAM = 'warehouse-settings';

export const SETTINGS_EVENTS = {
  // Pickers scan a location's label before each item taken from it (as Odoo Barcode asks).
  ScanLocationFirstSet: firstVersion(z.object({ scan_location_first: z.boolean(), at: z.string() })),
  // How the daily plan of cycle counts runs and when a count asks for a recount (counts/http.ts CountSettings).
  CountSettingsSet: firstVersion(
    z.object({
      daily_plan: z.boolean(),
      every_days: z.number().int().min(1).max(365),
      daily_cap: z.number().int().min(1).max(500),
      recount_over_units: z.number().int().min(0).max(1_000_000),
      at: z.string(),
    }),
  ),
} satisfies EventFamily;

export type SettingsEvent = EventsOf<typeof SETTINGS_EVENTS>;
export type SettingsEventType = SettingsEvent['type'];
export const SETTINGS_EVENT_TYPES = Object.keys(SETTINGS_EVENTS) as readonly SettingsEventType[];
