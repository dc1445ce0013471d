// How a scanning screen reads a scanned (or typed) code: the item it names among those the screen expects (by SKU or
// one of its barcodes: contracts' matchesScan, the rule every screen that scans goes by), else a location label, else
// nothing it knows.
import { matchesScan, type Scannable } from '@wh/contracts/catalogue/barcodes';
import { locationCodeProblem, normaliseCode } from '@wh/contracts/platform/codes';

export type ScannableItem = Scannable;

export type ScannedCode<T extends ScannableItem> =
  | { kind: 'item'; code: string; item: T }
  | { kind: 'location'; code: string; location: string }
  | { kind: 'unknown'; code: string };

/** A scanned code read against the items the screen expects: one of them first, else a location label. */
export function readScannedCode<T extends ScannableItem>(raw: string, items: readonly T[]): ScannedCode<T> {
  const code = normaliseCode(raw);
  const item = items.find((i) => matchesScan(code, i));
  if (item) return { kind: 'item', code, item };
  if (locationCodeProblem(code) === null) return { kind: 'location', code, location: code };
  return { kind: 'unknown', code };
}

/** The item among `candidates` a scanned code names (its SKU or one of its barcodes), else null: a screen that takes
 * only items reads a scan so. */
export function resolveScannedCode<T extends ScannableItem>(raw: string, candidates: readonly T[]): T | null {
  const code = normaliseCode(raw);
  if (code === '') return null;
  return candidates.find((c) => matchesScan(code, c)) ?? null;
}
