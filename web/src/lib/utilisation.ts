// Utilisation of a bin or rack and its colour (spec sections 2 and 9).

export type UtilisationTone = 'red' | 'yellow' | 'green';

/** Inventory screens turn yellow at 70 %; the dashboard at 75 %. Red is 90 % or more on both. */
export const INVENTORY_YELLOW_FROM = 70;
export const DASHBOARD_YELLOW_FROM = 75;
const RED_FROM = 90;

/** Whole percent of capacity in use; null when the location has no capacity to measure against. */
export function utilisationPercent(stock: number, capacity: number | null | undefined): number | null {
  if (capacity === null || capacity === undefined || capacity <= 0) return null;
  return Math.round((stock / capacity) * 100);
}

export function utilisationTone(percent: number, yellowFrom: number = INVENTORY_YELLOW_FROM): UtilisationTone {
  if (percent >= RED_FROM) return 'red';
  if (percent >= yellowFrom) return 'yellow';
  return 'green';
}

/** The mean of per-location percentages (not total stock over total capacity), 0 with none measurable. */
export function averageUtilisation(locations: readonly { stock: number; capacity: number | null | undefined }[]): number {
  const percents = locations.flatMap((l) => {
    const p = utilisationPercent(l.stock, l.capacity);
    return p === null ? [] : [p];
  });
  if (percents.length === 0) return 0;
  return Math.round(percents.reduce((a, b) => a + b, 0) / percents.length);
}
