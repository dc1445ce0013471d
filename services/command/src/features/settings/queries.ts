import type { Kysely } from 'kysely';
import type { Database } from '@wh/db';
import type { PickingSettings } from '@wh/contracts';
import { initialSettingsState } from './settings.ts';

// The settings as the projection keeps them; the defaults until a manager sets one.
export async function pickingSettings(db: Kysely<Database>): Promise<PickingSettings> {
  const row = await db.selectFrom('rm_warehouse_settings').select(['scan_location_first', 'updated_at']).where('id', '=', 1).executeTakeFirst();
  return row
    ? { scan_location_first: row.scan_location_first, updated_at: row.updated_at.toISOString() }
    : { ...initialSettingsState(), updated_at: null };
}
