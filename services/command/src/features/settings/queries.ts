import type { Kysely } from 'kysely';
import type { Database } from '@wh/db';
import { DEFAULT_COUNT_SETTINGS, type CountSettingsView, type PickingSettings } from '@wh/contracts';
import { initialSettingsState } from './settings.ts';

// The settings as the projection keeps them; the defaults until a manager sets one.
export async function pickingSettings(db: Kysely<Database>): Promise<PickingSettings> {
  const row = await db.selectFrom('rm_warehouse_settings').select(['scan_location_first', 'updated_at']).where('id', '=', 1).executeTakeFirst();
  return row
    ? { scan_location_first: row.scan_location_first, updated_at: row.updated_at.toISOString() }
    : { scan_location_first: initialSettingsState().scan_location_first, updated_at: null };
}

// The cycle counts' settings as a manager last set them, else the defaults.
export async function countSettingsView(db: Kysely<Database>): Promise<CountSettingsView> {
  const row = await db
    .selectFrom('rm_warehouse_settings')
    .select(['count_daily_plan', 'count_every_days', 'count_daily_cap', 'count_recount_over_units', 'updated_at'])
    .where('id', '=', 1)
    .where('count_every_days', 'is not', null)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_COUNT_SETTINGS, updated_at: null };
  return {
    daily_plan: row.count_daily_plan ?? DEFAULT_COUNT_SETTINGS.daily_plan,
    every_days: row.count_every_days ?? DEFAULT_COUNT_SETTINGS.every_days,
    daily_cap: row.count_daily_cap ?? DEFAULT_COUNT_SETTINGS.daily_cap,
    recount_over_units: row.count_recount_over_units ?? DEFAULT_COUNT_SETTINGS.recount_over_units,
    updated_at: row.updated_at.toISOString(),
  };
}
