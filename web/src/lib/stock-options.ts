// Business constants of the stock screens (spec section 9).

export const COLOUR_OPTIONS = ['Black', 'White', 'Blue', 'Red', 'Green', 'Beige', 'Khaki', 'Wine', 'Navy', 'Grey'] as const;
/** UK sizes. */
export const SIZE_OPTIONS = ['6', '8', '10', '12', '14', '16'] as const;
export const ITEM_TYPE_OPTIONS = ['regular', 'jeans'] as const;
export type ItemType = (typeof ITEM_TYPE_OPTIONS)[number];
export { FREE_SIZE } from '@wh/contracts/platform/codes';

/** Today in the browser's calendar, YYYY-MM-DD (a date input's value). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
