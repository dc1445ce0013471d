// How every scanning screen reads a scanned (or typed) code: the item it names among those the screen expects, else a
// location label, else nothing it knows. Picking and Move Stock both go through here, so a new way for a code to name
// an item (a product's own barcode) is added once, in scanNamesItem.
import { locationCodeProblem, normaliseCode } from '@wh/contracts/platform/codes';

/** What a scan is matched against: an item by its SKU. */
export interface ScannableItem {
  sku: string;
}

/** Whether a scanned code names the item. */
export function scanNamesItem(code: string, item: ScannableItem): boolean {
  return normaliseCode(code) === normaliseCode(item.sku);
}

export type ScannedCode<T extends ScannableItem> =
  | { kind: 'item'; code: string; item: T }
  | { kind: 'location'; code: string; location: string }
  | { kind: 'unknown'; code: string };

/** A scanned code read against the items the screen expects: one of them first, else a location label. */
export function readScannedCode<T extends ScannableItem>(raw: string, items: readonly T[]): ScannedCode<T> {
  const code = normaliseCode(raw);
  const item = items.find((i) => scanNamesItem(code, i));
  if (item) return { kind: 'item', code, item };
  if (locationCodeProblem(code) === null) return { kind: 'location', code, location: code };
  return { kind: 'unknown', code };
}
