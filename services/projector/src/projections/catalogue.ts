import { STYLE_EVENT_TYPES, type StyleEvent } from '@wh/contracts';
import type { Projection } from '../projection.ts';

// rm_styles, rm_variants and rm_barcodes: the style catalogue, available items, the variant side of inventory search,
// and barcode -> SKU.
export const catalogueProjection: Projection = {
  name: 'catalogue',
  handles: new Set<string>(STYLE_EVENT_TYPES),
  async apply(trx, events, topics) {
    topics.add({ kind: 'styles' });
    // A product-export upload creates thousands of styles in a row: they are inserted together, before any other
    // catalogue event of the batch.
    const created: Extract<StyleEvent, { type: 'StyleCreated' }>['data'][] = [];
    const flush = async () => {
      for (let i = 0; i < created.length; i += 1000) {
        const chunk = created.slice(i, i + 1000);
        await trx
          .insertInto('rm_styles')
          .values(
            chunk.map((d) => ({
              id: d.style_id,
              style_code: d.style_code,
              name: d.name,
              is_jeans: d.is_jeans,
              images: JSON.stringify(d.images),
              created_at: d.at,
              updated_at: d.at,
            })),
          )
          .execute();
        const variants = chunk.flatMap((d) => d.variants.map((v) => ({ ...v, style_id: d.style_id, style_code: d.style_code })));
        for (let j = 0; j < variants.length; j += 5000) {
          await trx
            .insertInto('rm_variants')
            .values(variants.slice(j, j + 5000))
            .onConflict((oc) => oc.column('sku').doNothing())
            .execute();
        }
      }
      created.length = 0;
    };
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as StyleEvent;
      if (event.type === 'StyleCreated') {
        created.push(event.data);
        continue;
      }
      await flush();
      const d = event.data;
      switch (event.type) {
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
        case 'SkuBarcodesAdded':
          await trx.updateTable('rm_styles').set({ updated_at: d.at }).where('id', '=', d.style_id).execute();
          if (event.data.barcodes.length === 0) break;
          // The registry keeps each barcode on one SKU, so in event order a barcode is never listed twice; were it, the
          // event's word wins rather than the projection stopping.
          await trx
            .insertInto('rm_barcodes')
            .values(event.data.barcodes.map((b) => ({ barcode: b.barcode, sku: b.sku, kind: b.kind, style_id: d.style_id, added_at: d.at })))
            .onConflict((oc) =>
              oc.column('barcode').doUpdateSet((eb) => ({ sku: eb.ref('excluded.sku'), kind: eb.ref('excluded.kind'), style_id: eb.ref('excluded.style_id'), added_at: eb.ref('excluded.added_at') })),
            )
            .execute();
          break;
        case 'SkuBarcodeRemoved':
          await trx.updateTable('rm_styles').set({ updated_at: d.at }).where('id', '=', d.style_id).execute();
          await trx.deleteFrom('rm_barcodes').where('barcode', '=', event.data.barcode).where('sku', '=', event.data.sku).execute();
          break;
        default: {
          const exhaustive: never = event;
          throw new Error(`unhandled ${JSON.stringify(exhaustive)}`);
        }
      }
      const variants = event.type === 'StyleVariantsAdded' ? event.data.variants : [];
      if (variants.length > 0) {
        await trx
          .insertInto('rm_variants')
          .values(variants.map((v) => ({ ...v, style_id: d.style_id, style_code: event.data.style_code })))
          .onConflict((oc) => oc.column('sku').doNothing())
          .execute();
      }
    }
    await flush();
  },
};
