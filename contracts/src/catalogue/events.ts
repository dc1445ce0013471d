// The style catalogue. One stream per style (`style-<id>`); a style's variants (SKUs) live in its stream.

export interface VariantFields {
  sku: string;
  size: string;
  color: string;
}

export interface StyleFields {
  style_code: string;
  name: string;
  is_jeans: boolean;
  images: string[];
}

export type StyleEvent =
  | { type: 'StyleCreated'; data: StyleFields & { style_id: number; variants: VariantFields[]; source: StyleSource; at: string } }
  | { type: 'StyleUpdated'; data: StyleFields & { style_id: number; at: string } }
  | { type: 'StyleVariantsAdded'; data: { style_id: number; style_code: string; variants: VariantFields[]; source: StyleSource; at: string } };

// Where a style change came from: a manager's form, a product-export upload, or receiving (a manager approving stock of
// a style the catalogue did not know, or any approval or bin allocation naming a new colour or size of a known style).
export type StyleSource = 'manual' | 'shopify_upload' | 'receiving';

export type StyleEventType = StyleEvent['type'];
export const STYLE_EVENT_TYPES: readonly StyleEventType[] = ['StyleCreated', 'StyleUpdated', 'StyleVariantsAdded'];
export const styleStreamId = (styleId: number) => `style-${styleId}`;
