import { skuOf, type StyleEvent, type StyleFields, type StyleSource, type VariantFields } from '@wh/contracts';
import { conflict, notFound } from '../platform/errors.ts';
import type { ExistingStyle, StyleState } from './style.ts';

export type StyleCommand =
  | { type: 'CreateStyle'; data: StyleFields & { style_id: number; sizes: string[]; colors: string[] } }
  | { type: 'UpdateStyle'; data: Partial<StyleFields> & { sizes?: string[]; colors?: string[] } }
  // A product-export upload: create the style, or bring name, type and images up to date and add the SKUs it lacks.
  | { type: 'ImportStyle'; data: StyleFields & { style_id: number; variants: VariantFields[] } }
  // Stock received of a style or SKUs the catalogue lacks (a manager's approval, a bin-allocation sheet): a style it
  // lacks is created with them, named as the stock file names it (else by its code); a known one gets those it lacks.
  | { type: 'ReceiveStyle'; data: { style_id: number; style_code: string; name: string | null; variants: VariantFields[] } };

export const styleExists = (code: string) => `Style code ${code} already exists`;
export const STYLE_NOT_FOUND = 'Style not found';
export const CODE_LOCKED = 'The style code cannot be changed once the style has variants';

// Every size with every colour; a style with colours but no sizes is Free Size.
export function variantsOf(styleCode: string, sizes: readonly string[], colors: readonly string[]): VariantFields[] {
  const sizeList = sizes.length > 0 ? sizes : colors.length > 0 ? ['Free Size'] : [];
  return uniqueVariants(sizeList.flatMap((size) => colors.map((color) => ({ sku: skuOf(styleCode, size, color), size, color }))));
}

// A style first met in a stock file: jeans when its code or name says so (JN codes, "Jean" in the name).
export function looksLikeJeans(styleCode: string, name: string | null): boolean {
  return /^JN/i.test(styleCode) || /\bjeans?\b/i.test(name ?? '');
}

export function uniqueVariants(variants: readonly VariantFields[]): VariantFields[] {
  const seen = new Map<string, VariantFields>();
  for (const v of variants) if (!seen.has(v.sku)) seen.set(v.sku, v);
  return [...seen.values()];
}

function newVariants(known: readonly VariantFields[], wanted: readonly VariantFields[]): VariantFields[] {
  const skus = new Set(known.map((v) => v.sku));
  return uniqueVariants(wanted).filter((v) => !skus.has(v.sku));
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function changes(state: ExistingStyle, next: StyleFields, at: string): StyleEvent[] {
  const changed =
    next.style_code !== state.style_code || next.name !== state.name || next.is_jeans !== state.is_jeans || !sameList(next.images, state.images);
  return changed ? [{ type: 'StyleUpdated', data: { style_id: state.style_id, ...next, at } }] : [];
}

function added(state: ExistingStyle, styleCode: string, wanted: VariantFields[], source: StyleSource, at: string): StyleEvent[] {
  const variants = newVariants(state.variants, wanted);
  return variants.length > 0 ? [{ type: 'StyleVariantsAdded', data: { style_id: state.style_id, style_code: styleCode, variants, source, at } }] : [];
}

export function decideStyle(command: StyleCommand, state: StyleState, now: Date): StyleEvent[] {
  const at = now.toISOString();
  switch (command.type) {
    case 'CreateStyle': {
      if (state.status !== 'absent') throw conflict(styleExists(state.style_code));
      const { sizes, colors, ...fields } = command.data;
      return [{ type: 'StyleCreated', data: { ...fields, variants: variantsOf(fields.style_code, sizes, colors), source: 'manual', at } }];
    }
    case 'UpdateStyle': {
      if (state.status === 'absent') throw notFound(STYLE_NOT_FOUND);
      const d = command.data;
      const next: StyleFields = {
        style_code: d.style_code ?? state.style_code,
        name: d.name ?? state.name,
        is_jeans: d.is_jeans ?? state.is_jeans,
        images: d.images ?? state.images,
      };
      if (next.style_code !== state.style_code && state.variants.length > 0) throw conflict(CODE_LOCKED);
      const sizes = d.sizes ?? [...new Set(state.variants.map((v) => v.size))];
      const colors = d.colors ?? [...new Set(state.variants.map((v) => v.color))];
      const wanted = d.sizes !== undefined || d.colors !== undefined ? variantsOf(next.style_code, sizes, colors) : [];
      return [...changes(state, next, at), ...added(state, next.style_code, wanted, 'manual', at)];
    }
    case 'ImportStyle': {
      const { variants, ...fields } = command.data;
      if (state.status === 'absent') {
        return [{ type: 'StyleCreated', data: { ...fields, variants: uniqueVariants(variants), source: 'shopify_upload', at } }];
      }
      const next: StyleFields = { ...fields, style_code: state.style_code, images: fields.images.length > 0 ? fields.images : state.images };
      return [...changes(state, next, at), ...added(state, state.style_code, variants, 'shopify_upload', at)];
    }
    case 'ReceiveStyle': {
      const { style_id, style_code, variants } = command.data;
      if (state.status === 'existing') return added(state, state.style_code, variants, 'receiving', at);
      const name = command.data.name ?? style_code;
      const fields = { style_id, style_code, name, is_jeans: looksLikeJeans(style_code, name), images: [] };
      return [{ type: 'StyleCreated', data: { ...fields, variants: uniqueVariants(variants), source: 'receiving', at } }];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
