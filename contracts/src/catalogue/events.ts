import { z } from 'zod';
import { numberDomains as n } from '../platform/input.ts';
import { firstVersion, type EventFamily, type EventsOf } from '../platform/event-schemas.ts';
import { BARCODE_KINDS } from './barcodes.ts';

// The style catalogue. One stream per style (`style-<id>`); a style's variants (SKUs) live in its stream.

export const variantFieldsSchema = z.object({ sku: z.string(), size: z.string(), color: z.string() });
export type VariantFields = z.infer<typeof variantFieldsSchema>;

const styleFields = { style_code: z.string(), name: z.string(), is_jeans: z.boolean(), images: z.array(z.string()) };
export type StyleFields = z.infer<z.ZodObject<typeof styleFields>>;

// Where a style change came from: a manager's form, a product-export upload, or receiving (a manager approving stock of
// a style the catalogue did not know, or any approval or bin allocation naming a new colour or size of a known style).
const styleSourceSchema = z.enum(['manual', 'shopify_upload', 'receiving']);
export type StyleSource = z.infer<typeof styleSourceSchema>;

const id = n.id;
const at = z.string();

// A barcode a SKU carries, in its canonical form (barcodes.ts).
export const skuBarcodeSchema = z.object({ sku: z.string(), barcode: z.string(), kind: z.enum(BARCODE_KINDS) });
export type SkuBarcode = z.infer<typeof skuBarcodeSchema>;

export const STYLE_EVENTS = {
  StyleCreated: firstVersion(z.object({ ...styleFields, style_id: id, variants: z.array(variantFieldsSchema), source: styleSourceSchema, at })),
  StyleUpdated: firstVersion(z.object({ ...styleFields, style_id: id, at })),
  StyleVariantsAdded: firstVersion(
    z.object({ style_id: id, style_code: z.string(), variants: z.array(variantFieldsSchema), source: styleSourceSchema, at }),
  ),
  // Barcodes given to SKUs of the style (a manager's form, a product export's Variant Barcode); each held by no other
  // SKU when it was added (the barcode registry's key).
  SkuBarcodesAdded: firstVersion(z.object({ style_id: id, style_code: z.string(), barcodes: z.array(skuBarcodeSchema), source: styleSourceSchema, at })),
  SkuBarcodeRemoved: firstVersion(z.object({ style_id: id, style_code: z.string(), sku: z.string(), barcode: z.string(), at })),
} satisfies EventFamily;

export type StyleEvent = EventsOf<typeof STYLE_EVENTS>;
export type StyleEventType = StyleEvent['type'];
export const STYLE_EVENT_TYPES = Object.keys(STYLE_EVENTS) as readonly StyleEventType[];
export const styleStreamId = (styleId: number) => `style-${styleId}`;
