import type { StyleEvent, StyleFields, VariantFields } from '@wh/contracts';

export type StyleState = { status: 'absent' } | ({ status: 'existing'; style_id: number; variants: readonly VariantFields[] } & StyleFields);

export const initialStyleState = (): StyleState => ({ status: 'absent' });

export function evolveStyle(state: StyleState, event: StyleEvent): StyleState {
  switch (event.type) {
    case 'StyleCreated': {
      const { style_id, style_code, name, is_jeans, images, variants } = event.data;
      return { status: 'existing', style_id, style_code, name, is_jeans, images, variants };
    }
    case 'StyleUpdated': {
      if (state.status === 'absent') return state;
      const { style_code, name, is_jeans, images } = event.data;
      return { ...state, style_code, name, is_jeans, images };
    }
    case 'StyleVariantsAdded':
      if (state.status === 'absent') return state;
      return { ...state, variants: [...state.variants, ...event.data.variants] };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const styleDecider = { initialState: initialStyleState, evolve: evolveStyle };
