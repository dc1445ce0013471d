import { STYLE_EVENT_TYPES, type StyleEvent } from '@wh/contracts';
import type { Projection } from '../projection.ts';

// rm_styles and rm_variants: the style catalogue, available items and the variant side of inventory search.
export const catalogueProjection: Projection = {
  name: 'catalogue',
  handles: new Set<string>(STYLE_EVENT_TYPES),
  async apply(trx, events, topics) {
    topics.add('styles');
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as StyleEvent;
      const d = event.data;
      switch (event.type) {
        case 'StyleCreated':
          await trx
            .insertInto('rm_styles')
            .values({
              id: d.style_id,
              style_code: event.data.style_code,
              name: event.data.name,
              is_jeans: event.data.is_jeans,
              images: JSON.stringify(event.data.images),
              created_at: d.at,
              updated_at: d.at,
            })
            .execute();
          break;
        case 'StyleUpdated':
          await trx
            .updateTable('rm_styles')
            .set({ style_code: event.data.style_code, name: event.data.name, is_jeans: event.data.is_jeans, images: JSON.stringify(event.data.images), updated_at: d.at })
            .where('id', '=', d.style_id)
            .execute();
          break;
        case 'StyleVariantsAdded':
          await trx.updateTable('rm_styles').set({ updated_at: d.at }).where('id', '=', d.style_id).execute();
          break;
        default: {
          const exhaustive: never = event;
          throw new Error(`unhandled ${JSON.stringify(exhaustive)}`);
        }
      }
      const variants = event.type === 'StyleUpdated' ? [] : event.data.variants;
      if (variants.length > 0) {
        await trx
          .insertInto('rm_variants')
          .values(variants.map((v) => ({ ...v, style_id: d.style_id, style_code: event.data.style_code })))
          .onConflict((oc) => oc.column('sku').doNothing())
          .execute();
      }
    }
  },
};
