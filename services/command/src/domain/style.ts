import type { SkuBarcode, StyleEvent, StyleFields, VariantFields } from '@wh/contracts';

// created_at and updated_at: the times of the first and the latest event, as the catalogue screens show them.
// barcodes: those its SKUs carry, in the order they were added.
export type ExistingStyle = {
  status: 'existing';
  style_id: number;
  variants: readonly VariantFields[];
  barcodes: readonly SkuBarcode[];
  created_at: string;
  updated_at: string;
} & StyleFields;
export type StyleState = { status: 'absent' } | ExistingStyle;

export const initialStyleState = (): StyleState => ({ status: 'absent' });

export function evolveStyle(state: StyleState, event: StyleEvent): StyleState {
  switch (event.type) {
    case 'StyleCreated': {
      const { style_id, style_code, name, is_jeans, images, variants, at } = event.data;
      return { status: 'existing', style_id, style_code, name, is_jeans, images, variants, barcodes: [], created_at: at, updated_at: at };
    }
    case 'StyleUpdated': {
      if (state.status === 'absent') return state;
      const { style_code, name, is_jeans, images, at } = event.data;
      return { ...state, style_code, name, is_jeans, images, updated_at: at };
    }
    case 'StyleVariantsAdded':
      if (state.status === 'absent') return state;
      return { ...state, variants: [...state.variants, ...event.data.variants], updated_at: event.data.at };
    case 'SkuBarcodesAdded':
      if (state.status === 'absent') return state;
      return { ...state, barcodes: [...state.barcodes, ...event.data.barcodes], updated_at: event.data.at };
    case 'SkuBarcodeRemoved': {
      if (state.status === 'absent') return state;
      const { sku, barcode, at } = event.data;
      return { ...state, barcodes: state.barcodes.filter((b) => !(b.sku === sku && b.barcode === barcode)), updated_at: at };
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const styleDecider = { initialState: initialStyleState, evolve: evolveStyle };
