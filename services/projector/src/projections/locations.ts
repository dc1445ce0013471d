import { LOCATION_EVENT_TYPES, type LocationEvent } from '@wh/contracts';
import type { Projection } from '../projection.ts';

// rm_locations: the warehouse layout. RECEIVING is seeded, not created by an event; the queries add it.
export const locationsProjection: Projection = {
  name: 'locations',
  handles: new Set<string>(LOCATION_EVENT_TYPES),
  async apply(trx, events, topics) {
    topics.add({ kind: 'locations' });
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as LocationEvent;
      const { code, at } = event.data;
      const update = trx.updateTable('rm_locations').where('code', '=', code);
      switch (event.type) {
        case 'LocationCreated':
          await trx
            .insertInto('rm_locations')
            .values({
              id: event.data.location_id,
              code,
              location_type: event.data.location_type,
              capacity: event.data.capacity,
              gender: event.data.gender,
              is_active: true,
              created_at: at,
              updated_at: at,
            })
            .execute();
          break;
        case 'LocationCapacityChanged':
          await update.set({ capacity: event.data.capacity, updated_at: at }).execute();
          break;
        case 'LocationGenderChanged':
          await update.set({ gender: event.data.gender, updated_at: at }).execute();
          break;
        case 'LocationDeactivated':
        case 'LocationReactivated':
          await update.set({ is_active: event.type === 'LocationReactivated', updated_at: at }).execute();
          break;
        case 'LocationWalkSequenceSet':
          await update.set({ walk_sequence: event.data.walk_sequence, updated_at: at }).execute();
          break;
        default: {
          const exhaustive: never = event;
          throw new Error(`unhandled ${JSON.stringify(exhaustive)}`);
        }
      }
    }
  },
};
