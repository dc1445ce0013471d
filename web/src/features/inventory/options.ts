// Business constants of the inventory screens (spec section 9).
import type { SelectOption } from '../../components/ui/select.tsx';
import { COLOUR_OPTIONS, SIZE_OPTIONS } from '../../lib/stock-options.ts';

export const COLOURS = COLOUR_OPTIONS;
// The Available Items filter omits Navy and Grey (spec section 9).
export const AVAILABLE_ITEM_COLOURS = COLOURS.filter((c) => c !== 'Navy' && c !== 'Grey');

export const PAGE_SIZE = 50;
export const BINS_SHOWN = 20;
export const STYLES_PER_BIN = 3;
export const STYLES_PER_RACK = 4;
export const ADJUSTMENT_SUCCESS_MS = 3_000;

export const ANY = 'any';
export const colourOptions = (colours: readonly string[], anyLabel: string): SelectOption[] => [
  { id: ANY, label: anyLabel },
  ...colours.map((c) => ({ id: c, label: c })),
];
export const sizeOptions = (anyLabel: string): SelectOption[] => [
  { id: ANY, label: anyLabel },
  ...SIZE_OPTIONS.map((s) => ({ id: s, label: `UK ${s}` })),
];
export const fromOption = (value: string): string | undefined => (value === ANY ? undefined : value);
