import { SETTINGS_EVENT_TYPES, type SettingsEvent } from '@wh/contracts';
import type { Projection } from '../projection.ts';

// rm_warehouse_settings: the one row of warehouse-wide settings (absent until a manager sets one).
export const settingsProjection: Projection = {
  name: 'settings',
  handles: new Set<string>(SETTINGS_EVENT_TYPES),
  async apply(trx, events, topics) {
    topics.add({ kind: 'settings' });
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as SettingsEvent;
      switch (event.type) {
        case 'ScanLocationFirstSet':
          await trx
            .insertInto('rm_warehouse_settings')
            .values({ id: 1, scan_location_first: event.data.scan_location_first, updated_at: event.data.at })
            .onConflict((oc) => oc.column('id').doUpdateSet({ scan_location_first: event.data.scan_location_first, updated_at: event.data.at }))
            .execute();
          break;
        case 'CountSettingsSet': {
          const { daily_plan, every_days, daily_cap, recount_over_units, at } = event.data;
          const counts = { count_daily_plan: daily_plan, count_every_days: every_days, count_daily_cap: daily_cap, count_recount_over_units: recount_over_units, updated_at: at };
          await trx
            .insertInto('rm_warehouse_settings')
            .values({ id: 1, scan_location_first: false, ...counts })
            .onConflict((oc) => oc.column('id').doUpdateSet(counts))
            .execute();
          break;
        }
        default: {
          const exhaustive: never = event;
          throw new Error(`unhandled ${String(exhaustive)}`);
        }
      }
    }
  },
};
