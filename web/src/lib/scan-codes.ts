import { normaliseCode } from '@wh/contracts/platform/codes';

/** What a scanned code can name: a line's SKU (product barcodes may join it). */
export interface ScanCandidate {
  sku: string;
}

/**
 * The one place a scanned code is read as a SKU: the SKU among `candidates` that the code names (case and spaces as a
 * label or a person gives them), else null. Barcodes (EAN, UPC, internal) are resolved here too, so every screen that
 * takes a scan reads it the same way.
 */
export function resolveScannedCode<C extends ScanCandidate>(code: string, candidates: readonly C[]): C | null {
  const scanned = normaliseCode(code);
  if (scanned === '') return null;
  return candidates.find((c) => normaliseCode(c.sku) === scanned) ?? null;
}
